import type { QueueEntry } from '@shared/contract';
import type { Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import type { ItemState } from './store/assignments';
import { imageHashesOf, queueIdsAfter, queueNeighbourId, queuePage, queueTotal, type QueueFilter, type QueueKind } from './store/queues';

export type { QueueFilter, QueueKind } from './store/queues';

export function listQueue(db: Db, actor: Actor, filter: QueueFilter, offset: number, limit: number): { total: number; rows: QueueEntry[] } {
  return { total: queueTotal(db, actor.id, filter), rows: queuePage(db, actor.id, filter, offset, limit) };
}

/** The neighbour of `itemId` in the caller's queue (by item order), or null at either end. */
export function queueNeighbour(db: Db, actor: Actor, filter: QueueFilter, itemId: number, direction: 'next' | 'previous'): number | null {
  return queueNeighbourId(db, actor.id, filter, itemId, direction);
}

/** The next few items of the caller's to-do queue after this one, with their images, for the screen to prefetch. */
export function upcomingItems(db: Db, actor: Actor, state: ItemState, count = 3): { itemId: number; images: string[] }[] {
  const kind: QueueKind | null = state.assignment?.annotator === actor.id ? 'annotate' : state.assignment?.checkers.includes(actor.id) ? 'review' : null;
  if (!kind) return [];
  return queueIdsAfter(db, actor.id, { kind, todo: true }, state.id, count).map((itemId) => ({ itemId, images: imageHashesOf(db, itemId) }));
}
