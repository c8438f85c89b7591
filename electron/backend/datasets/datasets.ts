import type { DatasetSummary } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { appendRevision } from '../db/revisions';

interface DatasetRow {
  id: number;
  name: string;
  format: string;
  created_at: string;
}

/** Datasets with question counts per role and per source (what `anchor info` prints). */
export function listDatasets(db: Db): DatasetSummary[] {
  const rows = db.prepare('SELECT id, name, format, created_at FROM datasets ORDER BY id').all() as DatasetRow[];
  const items = db.prepare('SELECT dataset_id AS id, count(*) AS n FROM items GROUP BY dataset_id').all() as { id: number; n: number }[];
  const counts = db.prepare(`SELECT i.dataset_id AS id, q.role AS role, coalesce(i.source, '') AS source, count(*) AS n
    FROM questions q JOIN items i ON i.id = q.item_id GROUP BY i.dataset_id, q.role, i.source`).all() as {
    id: number; role: string; source: string; n: number;
  }[];
  const itemCount = new Map(items.map((r) => [r.id, r.n]));
  return rows.map((d) => {
    const byRole: Record<string, number> = {};
    const bySource: Record<string, number> = {};
    let questionCount = 0;
    for (const c of counts) {
      if (c.id !== d.id) continue;
      byRole[c.role] = (byRole[c.role] ?? 0) + c.n;
      const source = c.source || '(none)';
      bySource[source] = (bySource[source] ?? 0) + c.n;
      questionCount += c.n;
    }
    return { id: d.id, name: d.name, format: d.format, createdAt: d.created_at, itemCount: itemCount.get(d.id) ?? 0, questionCount, byRole, bySource };
  });
}

export function findDataset(db: Db, ref: number | string): DatasetRow & { meta: string } {
  const row = (typeof ref === 'number'
    ? db.prepare('SELECT id, name, format, created_at, meta FROM datasets WHERE id = ?').get(ref)
    : db.prepare('SELECT id, name, format, created_at, meta FROM datasets WHERE name = ?').get(ref)) as (DatasetRow & { meta: string }) | undefined;
  if (!row) {
    const names = (db.prepare('SELECT name FROM datasets ORDER BY id').all() as { name: string }[]).map((r) => r.name);
    throw new AppError('not_found', `no dataset ${JSON.stringify(ref)}; the project has ${names.length ? names.join(', ') : 'no datasets yet'}`);
  }
  return row;
}

/** Deletes a dataset and drops images nothing refers to any more, in one transaction. */
export function deleteDataset(db: Db, id: number, userId: string | null, now: Date): boolean {
  return db.transaction(() => {
    const found = db.prepare('SELECT name FROM datasets WHERE id = ?').get(id) as { name: string } | undefined;
    if (!found) return false;
    db.prepare('DELETE FROM datasets WHERE id = ?').run(id);
    db.prepare('DELETE FROM images WHERE hash NOT IN (SELECT image_hash FROM item_images)').run();
    appendRevision(db, 'dataset', id, userId, now, 'delete', { name: found.name });
    return true;
  })();
}
