import type { Assignment, ItemStatus } from '@shared/contract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';
import { AppError } from '../../errors';

export interface ItemState {
  id: number;
  datasetId: number;
  status: ItemStatus;
  version: number;
  round: number;
  assignment: Assignment | null;
}

interface Row {
  id: number; dataset_id: number; status: ItemStatus; version: number; review_round: number;
  annotator_id: string | null; checker_a: string | null; checker_b: string | null;
}

/** An item's workflow state and who holds it, read in one indexed lookup. */
export function itemState(db: Db, itemId: number): ItemState {
  const r = statement<[number], Row>(db, `SELECT i.id, i.dataset_id, i.status, i.version, i.review_round, a.annotator_id, a.checker_a, a.checker_b
    FROM items i LEFT JOIN assignments a ON a.item_id = i.id WHERE i.id = ?`).get(itemId);
  if (!r) throw new AppError('not_found', `item ${itemId} does not exist`);
  return {
    id: r.id, datasetId: r.dataset_id, status: r.status, version: r.version, round: r.review_round,
    assignment: r.annotator_id ? { annotator: r.annotator_id, checkers: [r.checker_a!, r.checker_b!] } : null,
  };
}

export function setStatus(db: Db, itemId: number, status: ItemStatus): void {
  statement(db, 'UPDATE items SET status = ? WHERE id = ?').run(status, itemId);
}
