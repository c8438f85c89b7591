import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';
import { readDatasetMeta, type DatasetMeta } from '../../triplets/store/json';

/** The dataset's meta (where the checker rule is kept), or undefined when there is no such dataset. */
export function datasetMeta(db: Db, datasetId: number): DatasetMeta | undefined {
  const meta = statement<[number], string>(db, 'SELECT meta FROM datasets WHERE id = ?').pluck().get(datasetId);
  return meta === undefined ? undefined : readDatasetMeta(meta);
}

export function writeDatasetMeta(db: Db, datasetId: number, meta: Record<string, unknown>): void {
  statement(db, 'UPDATE datasets SET meta = ? WHERE id = ?').run(JSON.stringify(meta), datasetId);
}

/** Everyone who annotates an item of the dataset, but the items `except`. */
export function annotatorsInDataset(db: Db, datasetId: number, except: readonly number[]): string[] {
  return statement<[number, string], string>(db, `SELECT DISTINCT a.annotator_id FROM assignments a JOIN items i ON i.id = a.item_id
    WHERE i.dataset_id = ? AND a.item_id NOT IN (SELECT value FROM json_each(?))`).pluck().all(datasetId, JSON.stringify(except));
}

/** Everyone who checks an item of the dataset (either seat), but the items `except`. */
export function checkersInDataset(db: Db, datasetId: number, except: readonly number[]): string[] {
  return statement<[number, string], string>(db, `SELECT c FROM (SELECT checker_a AS c, item_id FROM assignments UNION SELECT checker_b, item_id FROM assignments) x
    JOIN items i ON i.id = x.item_id WHERE i.dataset_id = ? AND x.item_id NOT IN (SELECT value FROM json_each(?))`)
    .pluck().all(datasetId, JSON.stringify(except));
}
