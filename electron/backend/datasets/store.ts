import type { Db } from '../db/open';

/** All SQL of datasets: the rows, their counts of items and questions, and their deletion. */

export interface DatasetRow {
  id: number;
  name: string;
  format: string;
  created_at: string;
}
export type DatasetWithMeta = DatasetRow & { meta: string };
export interface QuestionCountRow { id: number; role: string; source: string; n: number }

export function datasetRows(db: Db): DatasetRow[] {
  return db.prepare<[], DatasetRow>('SELECT id, name, format, created_at FROM datasets ORDER BY id').all();
}

export function itemCounts(db: Db): Map<number, number> {
  const rows = db.prepare<[], { id: number; n: number }>('SELECT dataset_id AS id, count(*) AS n FROM items GROUP BY dataset_id').all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Questions per dataset, role and source. */
export function questionCounts(db: Db): QuestionCountRow[] {
  return db.prepare<[], QuestionCountRow>(`SELECT i.dataset_id AS id, q.role AS role, coalesce(i.source, '') AS source, count(*) AS n
    FROM questions q JOIN items i ON i.id = q.item_id GROUP BY i.dataset_id, q.role, i.source`).all();
}

export function datasetByRef(db: Db, ref: number | string): DatasetWithMeta | undefined {
  return typeof ref === 'number'
    ? db.prepare<[number], DatasetWithMeta>('SELECT id, name, format, created_at, meta FROM datasets WHERE id = ?').get(ref)
    : db.prepare<[string], DatasetWithMeta>('SELECT id, name, format, created_at, meta FROM datasets WHERE name = ?').get(ref);
}

export function datasetNames(db: Db): string[] {
  return db.prepare<[], string>('SELECT name FROM datasets ORDER BY id').pluck().all();
}

export function datasetNameTaken(db: Db, name: string): boolean {
  return db.prepare<[string], number>('SELECT 1 FROM datasets WHERE name = ?').pluck().get(name) !== undefined;
}

export function insertDatasetRow(db: Db, name: string, format: string, meta: string, createdAt: string): number {
  return Number(db.prepare<[string, string, string, string]>('INSERT INTO datasets (name, format, meta, created_at) VALUES (?, ?, ?, ?)')
    .run(name, format, meta, createdAt).lastInsertRowid);
}

export function datasetName(db: Db, id: number): string | undefined {
  return db.prepare<[number], string>('SELECT name FROM datasets WHERE id = ?').pluck().get(id);
}

/** Deletes the dataset (its items and questions cascade) and the images nothing refers to any more. */
export function deleteDatasetRows(db: Db, id: number): void {
  db.prepare('DELETE FROM datasets WHERE id = ?').run(id);
  db.prepare('DELETE FROM images WHERE hash NOT IN (SELECT image_hash FROM item_images)').run();
}
