import type { ItemDetail as Item } from '@shared/contract';
import { mayReadDraft, type Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import type { CallContext } from '../../dispatch';
import type { ReadRules } from '../../items/handlers';
import { itemState } from '../assignment/store/assignments';
import { draftReadSql } from '../triplets/store/draft-read';
import { actorOf } from './users';

const DRAFT_ROLES = ['perception', 'knowledge'];

/** An item as `reader` may see it: the perception and knowledge drafts only for those `mayReadDraft` allows. */
export function readableItem(db: Db, item: Item, reader: Actor | null): Item {
  if (reader === null) return item;
  const state = itemState(db, item.id);
  if (mayReadDraft(reader, state.assignment, state.status)) return item;
  return { ...item, questions: item.questions.filter((q) => !DRAFT_ROLES.includes(q.role)) };
}

/** The same rule as `mayReadDraft` for lists, as SQL the item layer adds to its queries; none for leads and the desktop. */
export function draftReadClause(reader: Actor | null): { sql: string; params: unknown[] } | null {
  if (reader === null || reader.roles.includes('lead')) return null;
  return draftReadSql(reader.id);
}

/** Of `itemIds`, those whose drafts `reader` may read (`mayReadDraft`), for rows a report reads in memory. */
export function readableDraftItems(db: Db, reader: Actor, itemIds: readonly number[]): ReadonlySet<number> {
  const readable = new Set<number>();
  for (const id of new Set(itemIds)) {
    const state = itemState(db, id);
    if (mayReadDraft(reader, state.assignment, state.status)) readable.add(id);
  }
  return readable;
}

/**
 * The draft rules for whoever is calling, as the item layer, runs and reports ask for them (they know nothing of
 * users).
 */
export function callerReadRules(db: () => Db): ReadRules {
  const readerOf = (ctx: CallContext) => (ctx.userId === null ? null : actorOf(db(), ctx.userId));
  return {
    item: (item, ctx) => readableItem(db(), item, readerOf(ctx)),
    questions: (ctx) => draftReadClause(readerOf(ctx)),
    everything: (ctx) => {
      const reader = readerOf(ctx);
      return reader === null || reader.roles.includes('lead');
    },
    draftItems: (ctx) => {
      const reader = readerOf(ctx);
      if (reader === null || reader.roles.includes('lead')) return null;
      return (itemIds) => readableDraftItems(db(), reader, itemIds);
    },
  };
}
