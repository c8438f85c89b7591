import type { QueueEntry } from '@shared/contract';
import type { Actor } from '@shared/domain/permissions';
import type { Db } from '../db/open';
import { statement } from '../db/statements';
import type { ItemState } from './store/assignments';

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

const params = (actor: Actor, filter: QueueFilter, extra: Record<string, unknown> = {}) =>
  ({ user: actor.id, ...(filter.datasetId === undefined ? {} : { dataset: filter.datasetId }), ...extra });

interface EntryRow { item_id: number; ext_id: string; status: QueueEntry['status']; category: string | null; text: string | null; review_round: number; done: number }

export function listQueue(db: Db, actor: Actor, filter: QueueFilter, offset: number, limit: number): { total: number; rows: QueueEntry[] } {
  const w = where(filter);
  const total = statement(db, `SELECT count(*) FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${w}`).pluck().get(params(actor, filter)) as number;
  const rows = statement(db, `SELECT a.item_id, i.ext_id, i.status, i.category, i.review_round,
      (SELECT substr(q.text, 1, 160) FROM questions q WHERE q.item_id = i.id AND q.role = 'origin' LIMIT 1) AS text,
      EXISTS (SELECT 1 FROM reviews r WHERE r.item_id = i.id AND r.round = i.review_round AND r.checker_id = $user) AS done
    FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${w} ORDER BY a.item_id LIMIT $limit OFFSET $offset`)
    .all(params(actor, filter, { limit, offset })) as EntryRow[];
  return {
    total,
    rows: rows.map((r) => ({ itemId: r.item_id, extId: r.ext_id, status: r.status, category: r.category, text: r.text ?? '', round: r.review_round, done: r.done === 1 })),
  };
}

/** The neighbour of `itemId` in the caller's queue (by item order), or null at either end. */
export function queueNeighbour(db: Db, actor: Actor, filter: QueueFilter, itemId: number, direction: 'next' | 'previous'): number | null {
  const cmp = direction === 'next' ? '>' : '<';
  const order = direction === 'next' ? 'ASC' : 'DESC';
  const sql = `SELECT a.item_id FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${where(filter)} AND a.item_id ${cmp} $item ORDER BY a.item_id ${order} LIMIT 1`;
  return (statement(db, sql).pluck().get(params(actor, filter, { item: itemId })) as number | undefined) ?? null;
}

/** The next few items of the caller's to-do queue after this one, with their images, for the screen to prefetch. */
export function upcomingItems(db: Db, actor: Actor, state: ItemState, count = 3): { itemId: number; images: string[] }[] {
  const kind: QueueKind | null = state.assignment?.annotator === actor.id ? 'annotate' : state.assignment?.checkers.includes(actor.id) ? 'review' : null;
  if (!kind) return [];
  const filter: QueueFilter = { kind, todo: true };
  const ids = statement(db, `SELECT a.item_id FROM assignments a JOIN items i ON i.id = a.item_id WHERE ${where(filter)} AND a.item_id > $item ORDER BY a.item_id LIMIT ${count}`)
    .pluck().all(params(actor, filter, { item: state.id })) as number[];
  const images = statement(db, 'SELECT image_hash FROM item_images WHERE item_id = ? ORDER BY position').pluck();
  return ids.map((itemId) => ({ itemId, images: images.all(itemId) as string[] }));
}
