import type { ItemDetail as Item } from '@shared/contract';
import { editableStatuses } from '@shared/domain/triplet-state';
import { mayReadDraft, type Actor } from '@shared/domain/permissions';
import type { Db } from '../db/open';
import type { CallContext } from '../dispatch';
import type { ReadRules } from '../items/handlers';
import { itemState } from './store/assignments';
import { actorOf } from './users';

const DRAFT_ROLES = ['perception', 'knowledge'];

/** An item as `reader` may see it: the perception and knowledge drafts only for those `mayReadDraft` allows. */
export function readableItem(db: Db, item: Item, reader: Actor | null): Item {
  if (reader === null) return item;
  const state = itemState(db, item.id);
  if (mayReadDraft(reader, state.assignment, state.status)) return item;
  return { ...item, questions: item.questions.filter((q) => !DRAFT_ROLES.includes(q.role)) };
}

/**
 * The same rule as `mayReadDraft` in SQL, for lists (`i` the item, `q` the question): a draft question shows when
 * the item is unassigned, the reader annotates it, or checks it and it is no longer being written.
 */
export function draftReadClause(reader: Actor | null): { sql: string; params: unknown[] } | null {
  if (reader === null || reader.roles.includes('lead')) return null;
  const editable = editableStatuses.map((s) => `'${s}'`).join(', ');
  return {
    sql: `(q.role NOT IN ('perception', 'knowledge') OR NOT EXISTS (SELECT 1 FROM assignments a WHERE a.item_id = i.id)
      OR EXISTS (SELECT 1 FROM assignments a WHERE a.item_id = i.id AND (a.annotator_id = ?
        OR ((a.checker_a = ? OR a.checker_b = ?) AND i.status NOT IN (${editable})))))`,
    params: [reader.id, reader.id, reader.id],
  };
}

/** The draft rules for whoever is calling, as the item layer asks for them (it knows nothing of users). */
export function callerReadRules(db: () => Db): ReadRules {
  const readerOf = (ctx: CallContext) => (ctx.userId === null ? null : actorOf(db(), ctx.userId));
  return {
    item: (item, ctx) => readableItem(db(), item, readerOf(ctx)),
    questions: (ctx) => draftReadClause(readerOf(ctx)),
  };
}
