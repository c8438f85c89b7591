import type { QueueEntry } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

/** A person's queues: the items they annotate or check, in item order. */

export type QueueKind = 'annotate' | 'review';

export interface QueueFilter {
  kind: QueueKind;
  /** Only what waits for the caller: drafts and returned work, or verdicts not yet given this round. */
  todo: boolean;
  datasetId?: number | undefined;
}

const TODO_ANNOTATE = `i.status IN ('annotating', 'returned')`;
const TODO_REVIEW = `i.status IN ('submitted', 'resubmitted', 'in_review')
  AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.item_id = i.id AND r.round = i.review_round AND r.checker_id = $user)`;

/** The WHERE clause of a queue; every branch is served by an index on the assignments' user columns. */
function where(filter: QueueFilter): string {
  const mine = filter.kind === 'annotate' ? 'a.annotator_id = $user' : '(a.checker_a = $user OR a.checker_b = $user)';
  const todo = filter.todo ? ` AND ${filter.kind === 'annotate' ? TODO_ANNOTATE : TODO_REVIEW}` : '';
  const dataset = filter.datasetId === undefined ? '' : ' AND i.dataset_id = $dataset';
  return `${mine}${todo}${dataset}`;
}

type Params = { user: string; dataset?: number; item?: number; limit?: number; offset?: number };
const params = (userId: string, filter: QueueFilter, extra: Omit<Params, 'user' | 'dataset'> = {}): Params =>
  ({ user: userId, ...(filter.datasetId === undefined ? {} : { dataset: filter.datasetId }), ...extra });

interface EntryRow { item_id: number; ext_id: string; status: QueueEntry['status']; category: string | null; text: string | null; review_round: number; done: number }

export function queueTotal(db: Db, userId: string, filter: QueueFilter): number {
  return statement<[Params], number>(db, `SELECT count(*) FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${where(filter)}`).pluck()
    .get(params(userId, filter)) ?? 0;
}

/** One page of a queue, each entry with the start of its origin question and whether the caller's verdict is in. */
export function queuePage(db: Db, userId: string, filter: QueueFilter, offset: number, limit: number): QueueEntry[] {
  return statement<[Params], EntryRow>(db, `SELECT a.item_id, i.ext_id, i.status, i.category, i.review_round,
      (SELECT substr(q.text, 1, 160) FROM questions q WHERE q.item_id = i.id AND q.role = 'origin' LIMIT 1) AS text,
      EXISTS (SELECT 1 FROM reviews r WHERE r.item_id = i.id AND r.round = i.review_round AND r.checker_id = $user) AS done
    FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${where(filter)} ORDER BY a.item_id LIMIT $limit OFFSET $offset`)
    .all(params(userId, filter, { limit, offset }))
    .map((r) => ({ itemId: r.item_id, extId: r.ext_id, status: r.status, category: r.category, text: r.text ?? '', round: r.review_round, done: r.done === 1 }));
}

/** The queue's item just after (or before) `itemId`, or null at either end. */
export function queueNeighbourId(db: Db, userId: string, filter: QueueFilter, itemId: number, direction: 'next' | 'previous'): number | null {
  const cmp = direction === 'next' ? '>' : '<';
  const order = direction === 'next' ? 'ASC' : 'DESC';
  const sql = `SELECT a.item_id FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${where(filter)} AND a.item_id ${cmp} $item ORDER BY a.item_id ${order} LIMIT 1`;
  return statement<[Params], number>(db, sql).pluck().get(params(userId, filter, { item: itemId })) ?? null;
}

/** The next `count` items of the queue after `itemId`. */
export function queueIdsAfter(db: Db, userId: string, filter: QueueFilter, itemId: number, count: number): number[] {
  return statement<[Params], number>(db, `SELECT a.item_id FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${where(filter)} AND a.item_id > $item ORDER BY a.item_id LIMIT ${count}`)
    .pluck().all(params(userId, filter, { item: itemId }));
}

/** The hashes of an item's images, in order. */
export function imageHashesOf(db: Db, itemId: number): string[] {
  return statement<[number], string>(db, 'SELECT image_hash FROM item_images WHERE item_id = ? ORDER BY position').pluck().all(itemId);
}
