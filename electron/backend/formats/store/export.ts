import type { Db } from '../../db/open';
import { statement } from '../../db/statements';

/**
 * The SQL only exports read: a dataset's items in file order with their image hashes, the widest option list and
 * image sizes. Read-models over the items' tables, kept here because no other domain asks for these shapes.
 */

export interface ExportItemRow {
  id: number; ext_id: string; source: string | null; category: string | null; l2_category: string | null;
  subject: string | null; split: string | null; meta: string; status: string;
}

const EXPORT_ITEMS = 'SELECT id, ext_id, source, category, l2_category, subject, split, meta, status FROM items WHERE dataset_id = ?';

/** The dataset's items in file order; `acceptedOnly` keeps those whose triplet stands accepted. */
export function exportItemRows(db: Db, datasetId: number, acceptedOnly: boolean): ExportItemRow[] {
  const sql = `${EXPORT_ITEMS}${acceptedOnly ? ` AND status = 'accepted'` : ''} ORDER BY position`;
  return db.prepare<[number], ExportItemRow>(sql).all(datasetId);
}

/** An item's image hashes in order (prepared once per connection: it runs once per exported item). */
export function itemImageHashes(db: Db, itemId: number): string[] {
  return statement<[number], string>(db, 'SELECT image_hash FROM item_images WHERE item_id = ? ORDER BY position').pluck().all(itemId);
}

/** The most options any question of the dataset has (0 without questions): VLMEvalKit's option columns. */
export function maxOptionCount(db: Db, datasetId: number): number {
  return db.prepare<[number], number | null>(`SELECT max(json_array_length(q.options)) FROM questions q JOIN items i ON i.id = q.item_id
    WHERE i.dataset_id = ?`).pluck().get(datasetId) ?? 0;
}

/** An image's size in bytes, read without its bytes (the parquet export plans its shards with it). */
export function imageByteLength(db: Db, hash: string): number {
  return statement<[string], number>(db, 'SELECT length(bytes) FROM images WHERE hash = ?').pluck().get(hash) ?? 0;
}

/** Which grouping columns VLMEvalKit reports by hold a value on some item the export takes. */
export function filledGroupings(db: Db, datasetId: number, acceptedOnly: boolean): { category: boolean; l2Category: boolean; split: boolean } {
  const row = db.prepare<[number], { category: number; l2: number; split: number }>(`SELECT
      max(coalesce(category, '') <> '') AS category, max(coalesce(l2_category, '') <> '') AS l2, max(coalesce(split, '') <> '') AS split
    FROM items WHERE dataset_id = ?${acceptedOnly ? ` AND status = 'accepted'` : ''}`).get(datasetId);
  return { category: row?.category === 1, l2Category: row?.l2 === 1, split: row?.split === 1 };
}

/** True when some question of the dataset is a triplet's perception or knowledge question. */
export function hasTripletRoles(db: Db, datasetId: number): boolean {
  return db.prepare<[number], number>(`SELECT EXISTS (SELECT 1 FROM questions q JOIN items i ON i.id = q.item_id
    WHERE i.dataset_id = ? AND q.role <> 'origin')`).pluck().get(datasetId) === 1;
}
