import type { ItemDetail, Question, QuestionFilter, QuestionRow } from '@shared/contract';
import type { Db } from '../db/open';
import { statement } from '../db/statements';

/** All SQL of the item layer: items, their questions and images, and their status trail in review. */

export interface ItemRow {
  id: number; dataset_id: number; dataset_name: string; ext_id: string; position: number; source: string | null;
  category: string | null; l2_category: string | null; subject: string | null; split: string | null;
  status: ItemDetail['status']; meta: string;
}
export interface QuestionDbRow {
  id: number; role: Question['role']; type: Question['type']; ext_index: string | null; text: string; hint: string | null;
  options: string; answer: string; version: number; meta: string;
}
export interface QuestionListRow {
  id: number; item_id: number; dataset_id: number; ext_id: string; role: QuestionRow['role']; type: QuestionRow['type'];
  text: string; answer: string; source: string | null; category: string | null; status: QuestionRow['status'];
  image_count: number; first_image: string | null;
}
export interface ImageRow { mime: string; bytes: Buffer }
export interface ThumbnailRow extends ImageRow { thumb: Buffer | null; thumb_mime: string | null; width: number; height: number }
/** A condition on `q` (the question) and `i` (its item), with its parameters. */
export type SqlClause = { sql: string; params: unknown[] };
export type Facet = { value: string; count: number }[];

export function questionRows(db: Db, itemId: number): QuestionDbRow[] {
  return db.prepare<[number], QuestionDbRow>(`SELECT id, role, type, ext_index, text, hint, options, answer, version, meta FROM questions
    WHERE item_id = ? ORDER BY role_rank, id`).all(itemId);
}

export function itemRow(db: Db, id: number): ItemRow | undefined {
  return db.prepare<[number], ItemRow>(`SELECT i.*, d.name AS dataset_name FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`).get(id);
}

export function itemImages(db: Db, id: number): ItemDetail['images'] {
  return db.prepare<[number], ItemDetail['images'][number]>(`SELECT im.hash, im.mime, im.width, im.height, im.size FROM item_images ii
    JOIN images im ON im.hash = ii.image_hash WHERE ii.item_id = ? ORDER BY ii.position`).all(id);
}

/** The items just before and after `id` in its dataset's file order; undefined when the item does not exist. */
export function neighbourIds(db: Db, id: number): { previous: number | null; next: number | null } | undefined {
  const item = db.prepare<[number], { dataset_id: number; position: number }>('SELECT dataset_id, position FROM items WHERE id = ?').get(id);
  if (!item) return undefined;
  const previous = db.prepare<[number, number], number>('SELECT id FROM items WHERE dataset_id = ? AND position < ? ORDER BY position DESC LIMIT 1')
    .pluck().get(item.dataset_id, item.position);
  const next = db.prepare<[number, number], number>('SELECT id FROM items WHERE dataset_id = ? AND position > ? ORDER BY position LIMIT 1')
    .pluck().get(item.dataset_id, item.position);
  return { previous: previous ?? null, next: next ?? null };
}

/** The WHERE clause of a question filter over `questions q JOIN items i`. */
export function questionWhere(filter: QuestionFilter): SqlClause {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.datasetId !== undefined) { clauses.push('i.dataset_id = ?'); params.push(filter.datasetId); }
  if (filter.source !== undefined) { clauses.push("coalesce(i.source, '') = ?"); params.push(filter.source); }
  if (filter.category !== undefined) { clauses.push("coalesce(i.category, '') = ?"); params.push(filter.category); }
  if (filter.role !== undefined) { clauses.push('q.role = ?'); params.push(filter.role); }
  if (filter.status !== undefined) { clauses.push('i.status = ?'); params.push(filter.status); }
  if (filter.itemIds !== undefined) { clauses.push('i.id IN (SELECT value FROM json_each(?))'); params.push(JSON.stringify(filter.itemIds)); }
  if (filter.questionIds !== undefined) { clauses.push('q.id IN (SELECT value FROM json_each(?))'); params.push(JSON.stringify(filter.questionIds)); }
  if (filter.excludeItemIds?.length) { clauses.push('i.id NOT IN (SELECT value FROM json_each(?))'); params.push(JSON.stringify(filter.excludeItemIds)); }
  const text = filter.text?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push("(q.text LIKE ? ESCAPE '\\' OR i.ext_id LIKE ? ESCAPE '\\' OR q.options LIKE ? ESCAPE '\\')");
    params.push(like, like, like);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export function withReadRule(w: SqlClause, rule: SqlClause | null): SqlClause {
  if (!rule) return w;
  return { sql: w.sql ? `${w.sql} AND ${rule.sql}` : `WHERE ${rule.sql}`, params: [...w.params, ...rule.params] };
}

/** One page of question rows matching `w`, in browse order, and how many match in all. */
export function questionPage(db: Db, w: SqlClause, offset: number, limit: number): { total: number; rows: QuestionListRow[] } {
  const from = `FROM questions q JOIN items i ON i.id = q.item_id ${w.sql}`;
  const total = db.prepare<unknown[], number>(`SELECT count(*) AS n ${from}`).pluck().get(...w.params) ?? 0;
  // Page by id first: with OFFSET, SQLite evaluates every selected column of every skipped row, so the details
  // (text, image subqueries) are read only for the 200 rows shown.
  const ids = db.prepare<unknown[], number>(`SELECT q.id ${from} ORDER BY i.dataset_id, i.position, q.role_rank, q.id LIMIT ? OFFSET ?`)
    .pluck().all(...w.params, limit, offset);
  const details = ids.length === 0 ? [] : db.prepare<[string], QuestionListRow>(`SELECT q.id, q.item_id, i.dataset_id, i.ext_id, q.role, q.type, q.text, q.answer,
      i.source, i.category, i.status,
      (SELECT count(*) FROM item_images ii WHERE ii.item_id = i.id) AS image_count,
      (SELECT image_hash FROM item_images ii WHERE ii.item_id = i.id AND ii.position = 0) AS first_image
    FROM questions q JOIN items i ON i.id = q.item_id WHERE q.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids));
  const byId = new Map(details.map((r) => [r.id, r]));
  return { total, rows: ids.map((id) => byId.get(id)!) };
}

/** Counts by one expression over the questions of a dataset (or all), most frequent first. */
export function questionFacet(db: Db, expr: string, datasetId: number | undefined): Facet {
  const w = datasetId === undefined ? '' : 'WHERE i.dataset_id = ?';
  const p = datasetId === undefined ? [] : [datasetId];
  return db.prepare<unknown[], Facet[number]>(`SELECT ${expr} AS value, count(*) AS count FROM questions q JOIN items i ON i.id = q.item_id ${w}
      GROUP BY 1 ORDER BY count DESC, value`).all(...p);
}

export const FACET_COLUMNS = {
  sources: "coalesce(i.source, '')",
  categories: "coalesce(i.category, '')",
  roles: 'q.role',
  statuses: 'i.status',
} as const;

export function imageRow(db: Db, hash: string): ImageRow | undefined {
  // Prepared once per connection: exports read one image per row.
  return statement<[string], ImageRow>(db, 'SELECT mime, bytes FROM images WHERE hash = ?').get(hash);
}

export function thumbnailRow(db: Db, hash: string): ThumbnailRow | undefined {
  return db.prepare<[string], ThumbnailRow>('SELECT mime, bytes, thumb, thumb_mime, width, height FROM images WHERE hash = ?').get(hash);
}

export function storeThumbnail(db: Db, hash: string, thumb: Buffer, mime: string): void {
  db.prepare('UPDATE images SET thumb = ?, thumb_mime = ? WHERE hash = ?').run(thumb, mime, hash);
}

/** Items of the dataset whose current status a lead's override set (the latest status-changing event is that override). */
export function overriddenItemIds(db: Db, datasetId: number): number[] {
  return db.prepare<[number], number>(`SELECT i.id FROM items i
    JOIN (SELECT entity_id, max(id) AS last FROM revisions WHERE entity = 'triplet' AND action IN ('override', 'submit', 'review') GROUP BY entity_id) l
      ON l.entity_id = CAST(i.id AS TEXT)
    JOIN revisions r ON r.id = l.last
    WHERE i.dataset_id = ? AND r.action = 'override' AND json_extract(r.diff, '$.to') = i.status`).pluck().all(datasetId);
}

export function anyItemInWorkflow(db: Db, datasetId: number): boolean {
  return db.prepare(`SELECT 1 FROM items WHERE dataset_id = ? AND status <> 'unassigned' LIMIT 1`).get(datasetId) !== undefined;
}

/** An image's bytes and what was measured of them, as an import stores it. */
export interface NewImage { hash: string; mime: string; bytes: Buffer; width: number; height: number }

/** Stores the image unless one with its hash is there (images are content-addressed); true when this call added it. */
export function insertImageRow(db: Db, image: NewImage): boolean {
  return statement<[string, string, number, number, number, Buffer]>(db, 'INSERT OR IGNORE INTO images (hash, mime, size, width, height, bytes) VALUES (?, ?, ?, ?, ?, ?)')
    .run(image.hash, image.mime, image.bytes.length, image.width, image.height, image.bytes).changes > 0;
}

/** An image no item shows and no variant was drawn as: what a killed import leaves behind (variants' images are items' too). */
const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM item_images ii WHERE ii.image_hash = images.hash)
  AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.image_hash = images.hash)`;

export function unreferencedImages(db: Db): { hash: string; size: number }[] {
  return db.prepare<[], { hash: string; size: number }>(`SELECT hash, length(bytes) AS size FROM images WHERE ${UNREFERENCED} ORDER BY hash`).all();
}

/** Deletes every unreferenced image; returns how many and how many bytes. */
export function deleteUnreferencedImages(db: Db): { images: number; bytes: number } {
  const bytes = db.prepare<[], number>(`SELECT coalesce(sum(length(bytes)), 0) FROM images WHERE ${UNREFERENCED}`).pluck().get() ?? 0;
  const images = db.prepare(`DELETE FROM images WHERE ${UNREFERENCED}`).run().changes;
  return { images, bytes };
}

/** Every image's key and bytes, one at a time (a project's images may not fit in memory together). */
export function eachImage(db: Db): IterableIterator<{ hash: string; bytes: Buffer }> {
  return db.prepare<[], { hash: string; bytes: Buffer }>('SELECT hash, bytes FROM images ORDER BY hash').iterate();
}

/** The dataset and source id of every item showing the image, for naming what a damaged image spoils. */
export function itemsShowingImage(db: Db, hash: string): { dataset: string; extId: string }[] {
  return db.prepare<[string], { dataset: string; extId: string }>(`SELECT d.name AS dataset, i.ext_id AS extId FROM item_images ii
    JOIN items i ON i.id = ii.item_id JOIN datasets d ON d.id = i.dataset_id WHERE ii.image_hash = ? ORDER BY d.name, i.position`).all(hash);
}

export function deleteImageIfUnreferenced(db: Db, hash: string): void {
  statement<[string, string]>(db, 'DELETE FROM images WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM item_images WHERE image_hash = ?)').run(hash, hash);
}

/**
 * Copies the items, their images and questions of a database attached as `schema` (tables `items`, `item_images`,
 * `questions` with the columns read below) into the dataset, under item ids after the project's highest: the attached
 * ids are shifted, so `item_images` and `questions` follow their items. Set-based, so a large import publishes quickly.
 */
export function copyAttachedItems(db: Db, schema: string, datasetId: number, updatedAt: string): void {
  if (!/^[a-z_]+$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const base = db.prepare<[], number>('SELECT COALESCE(MAX(id), 0) FROM main.items').pluck().get() ?? 0;
  db.prepare<[number, number]>(`INSERT INTO main.items (id, dataset_id, ext_id, position, source, category, l2_category, subject, split, meta)
    SELECT id + ?, ?, ext_id, position, source, category, l2_category, subject, split, meta FROM ${schema}.items ORDER BY id`)
    .run(base, datasetId);
  db.prepare<[number]>(`INSERT INTO main.item_images (item_id, position, image_hash)
    SELECT item_id + ?, position, image_hash FROM ${schema}.item_images`).run(base);
  db.prepare<[number, string]>(`INSERT INTO main.questions (item_id, role, type, ext_index, text, hint, options, answer, meta, updated_at)
    SELECT item_id + ?, role, type, ext_index, text, hint, options, answer, meta, ? FROM ${schema}.questions ORDER BY id`)
    .run(base, updatedAt);
}
