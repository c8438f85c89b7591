import type { QuestionFilter, QuestionRow } from '@shared/contract';
import type { Db } from '../db/open';

export function questionWhere(filter: QuestionFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.datasetId !== undefined) { clauses.push('i.dataset_id = ?'); params.push(filter.datasetId); }
  if (filter.source !== undefined) { clauses.push("coalesce(i.source, '') = ?"); params.push(filter.source); }
  if (filter.category !== undefined) { clauses.push("coalesce(i.category, '') = ?"); params.push(filter.category); }
  if (filter.role !== undefined) { clauses.push('q.role = ?'); params.push(filter.role); }
  if (filter.status !== undefined) { clauses.push('i.status = ?'); params.push(filter.status); }
  if (filter.itemIds !== undefined) { clauses.push('i.id IN (SELECT value FROM json_each(?))'); params.push(JSON.stringify(filter.itemIds)); }
  if (filter.excludeItemIds?.length) { clauses.push('i.id NOT IN (SELECT value FROM json_each(?))'); params.push(JSON.stringify(filter.excludeItemIds)); }
  const text = filter.text?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push("(q.text LIKE ? ESCAPE '\\' OR i.ext_id LIKE ? ESCAPE '\\' OR q.options LIKE ? ESCAPE '\\')");
    params.push(like, like, like);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function withReadRule(w: ReadClause, rule: ReadClause | null) {
  if (!rule) return w;
  return { sql: w.sql ? `${w.sql} AND ${rule.sql}` : `WHERE ${rule.sql}`, params: [...w.params, ...rule.params] };
}

interface Row {
  id: number; item_id: number; dataset_id: number; ext_id: string; role: QuestionRow['role']; type: QuestionRow['type'];
  text: string; answer: string; source: string | null; category: string | null; status: QuestionRow['status'];
  image_count: number; first_image: string | null;
}

/** A condition on `q` (the question) and `i` (its item) that hides what the caller may not read. */
export type ReadClause = { sql: string; params: unknown[] };

/**
 * A page of questions in browse order (dataset, file order, origin → perception → knowledge), without the rows
 * `readRule` hides (the team's draft rule, passed in: items sit below the team workflow).
 */
export function listQuestions(db: Db, filter: QuestionFilter, offset: number, limit: number, readRule: ReadClause | null = null): { total: number; rows: QuestionRow[] } {
  const w = withReadRule(questionWhere(filter), readRule);
  const from = `FROM questions q JOIN items i ON i.id = q.item_id ${w.sql}`;
  const total = (db.prepare(`SELECT count(*) AS n ${from}`).get(...w.params) as { n: number }).n;
  // Page by id first: with OFFSET, SQLite evaluates every selected column of every skipped row, so the details
  // (text, image subqueries) are read only for the 200 rows shown.
  const ids = db.prepare(`SELECT q.id ${from} ORDER BY i.dataset_id, i.position, q.role_rank, q.id LIMIT ? OFFSET ?`)
    .pluck().all(...w.params, limit, offset) as number[];
  const details = ids.length === 0 ? [] : db.prepare(`SELECT q.id, q.item_id, i.dataset_id, i.ext_id, q.role, q.type, q.text, q.answer,
      i.source, i.category, i.status,
      (SELECT count(*) FROM item_images ii WHERE ii.item_id = i.id) AS image_count,
      (SELECT image_hash FROM item_images ii WHERE ii.item_id = i.id AND ii.position = 0) AS first_image
    FROM questions q JOIN items i ON i.id = q.item_id WHERE q.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as Row[];
  const byId = new Map(details.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)!);
  return {
    total,
    rows: rows.map((r) => {
      const answer = JSON.parse(r.answer) as string[];
      return {
        id: r.id, itemId: r.item_id, datasetId: r.dataset_id, extId: r.ext_id, role: r.role, type: r.type,
        text: r.text.length > 400 ? `${r.text.slice(0, 400)}…` : r.text, answer: answer.length ? answer.join(' | ') : null,
        source: r.source, category: r.category, status: r.status, imageCount: r.image_count, firstImage: r.first_image,
      };
    }),
  };
}

type Facet = { value: string; count: number }[];

export function questionFacets(db: Db, datasetId: number | undefined): { sources: Facet; categories: Facet; roles: Facet; statuses: Facet } {
  const w = datasetId === undefined ? '' : 'WHERE i.dataset_id = ?';
  const p = datasetId === undefined ? [] : [datasetId];
  const facet = (expr: string): Facet =>
    db.prepare(`SELECT ${expr} AS value, count(*) AS count FROM questions q JOIN items i ON i.id = q.item_id ${w}
      GROUP BY 1 ORDER BY count DESC, value`).all(...p) as Facet;
  return {
    sources: facet("coalesce(i.source, '')"),
    categories: facet("coalesce(i.category, '')"),
    roles: facet('q.role'),
    statuses: facet('i.status'),
  };
}
