import { editableStatuses } from '@shared/domain/triplet-state';

/**
 * `mayReadDraft` in SQL, for lists (`i` the item, `q` the question), for a reader who is not a lead: a draft question
 * shows when the item is unassigned, the reader annotates it, or checks it and it is no longer being written. The
 * item layer adds it to its question queries (`items/store.ts` `withReadRule`).
 */
export function draftReadSql(readerId: string): { sql: string; params: unknown[] } {
  const editable = editableStatuses.map((s) => `'${s}'`).join(', ');
  return {
    sql: `(q.role NOT IN ('perception', 'knowledge') OR NOT EXISTS (SELECT 1 FROM assignments a WHERE a.item_id = i.id)
      OR EXISTS (SELECT 1 FROM assignments a WHERE a.item_id = i.id AND (a.annotator_id = ?
        OR ((a.checker_a = ? OR a.checker_b = ?) AND i.status NOT IN (${editable})))))`,
    params: [readerId, readerId, readerId],
  };
}
