import type { Assignment, ItemStatus } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';
import { AppError } from '../../../errors';

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

/** The dataset's first `limit` unassigned items in order (-1: all of them). */
export function unassignedItemIds(db: Db, datasetId: number, limit: number): number[] {
  return statement<[number, number], number>(db, `SELECT id FROM items WHERE dataset_id = ? AND status = 'unassigned' ORDER BY position LIMIT ?`)
    .pluck().all(datasetId, limit);
}

/** The first `limit` unassigned items of one category, in order (-1: all of them). */
export function unassignedItemIdsInCategory(db: Db, datasetId: number, category: string, limit: number): number[] {
  return statement<[number, string, number], number>(db, `SELECT id FROM items WHERE dataset_id = ? AND status = 'unassigned' AND category = ? ORDER BY position LIMIT ?`)
    .pluck().all(datasetId, category, limit);
}

/** Which of `itemIds` are items of the dataset. */
export function itemIdsInDataset(db: Db, datasetId: number, itemIds: readonly number[]): number[] {
  return statement<[number, string], number>(db, `SELECT id FROM items WHERE dataset_id = ? AND id IN (SELECT value FROM json_each(?))`)
    .pluck().all(datasetId, JSON.stringify(itemIds));
}

/** How many items each checker checks (either seat), by checker. */
export function checkerLoads(db: Db): Map<string, number> {
  const rows = statement<[], { c: string; n: number }>(db, `SELECT c, count(*) AS n FROM (SELECT checker_a AS c FROM assignments UNION ALL SELECT checker_b FROM assignments) GROUP BY c`)
    .all();
  return new Map(rows.map((r) => [r.c, r.n]));
}

/** Gives an item its annotator and two checkers, replacing any earlier assignment of it. */
export function upsertAssignment(db: Db, itemId: number, annotator: string, checkers: readonly [string, string], by: string | null, at: string): void {
  statement(db, `INSERT INTO assignments (item_id, annotator_id, checker_a, checker_b, assigned_by, assigned_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (item_id) DO UPDATE SET annotator_id = excluded.annotator_id, checker_a = excluded.checker_a, checker_b = excluded.checker_b,
      assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at`)
    .run(itemId, annotator, checkers[0], checkers[1], by, at);
}

export function deleteAssignment(db: Db, itemId: number): void {
  statement(db, 'DELETE FROM assignments WHERE item_id = ?').run(itemId);
}

/** A save: the item's new version, status and review round at once. */
export function setItemWorkflow(db: Db, itemId: number, version: number, status: ItemStatus, round: number): void {
  statement(db, 'UPDATE items SET version = ?, status = ?, review_round = ? WHERE id = ?').run(version, status, round, itemId);
}
