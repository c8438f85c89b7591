import type { Db } from '../../../db/open';

/** A question as the lint reads it, with its item's image count and the roles its item has (comma-separated). */
export interface LintQuestionRow {
  id: number; item_id: number; ext_id: string; dataset_id: number; role: string; type: string; text: string; options: string; answer: string;
  images: number; roles: string; format: string;
}

/** Every question of the project (or one dataset), item by item in order, with the format its dataset was imported from. */
export function lintQuestionRows(db: Db, datasetId?: number): LintQuestionRow[] {
  return db.prepare<number[], LintQuestionRow>(`SELECT q.id, q.item_id, i.ext_id, i.dataset_id, q.role, q.type, q.text, q.options, q.answer, d.format,
      (SELECT count(*) FROM item_images ii WHERE ii.item_id = i.id) AS images,
      (SELECT group_concat(DISTINCT q2.role) FROM questions q2 WHERE q2.item_id = i.id) AS roles
    FROM questions q JOIN items i ON i.id = q.item_id JOIN datasets d ON d.id = i.dataset_id ${datasetId === undefined ? '' : 'WHERE i.dataset_id = ?'}
    ORDER BY i.dataset_id, i.position, q.role_rank, q.id`).all(...(datasetId === undefined ? [] : [datasetId]));
}
