import type { Db } from '../../../db/open';

/** An assigned triplet as the review history export lists it. */
export interface ReviewedItem { id: number; ext_id: string; status: string; review_round: number; annotator_id: string; checker_a: string; checker_b: string }

/** The dataset's assigned items in file order (only the accepted ones when asked). */
export function assignedItems(db: Db, datasetId: number, acceptedOnly: boolean): ReviewedItem[] {
  return db.prepare<[number], ReviewedItem>(`SELECT i.id, i.ext_id, i.status, i.review_round, a.annotator_id, a.checker_a, a.checker_b FROM items i
    JOIN assignments a ON a.item_id = i.id WHERE i.dataset_id = ?${acceptedOnly ? ` AND i.status = 'accepted'` : ''} ORDER BY i.position`).all(datasetId);
}
