import type { TripletDraft } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';
import { readWorkflowDiff, type WorkflowDiff } from './json';

/** What the team reads back of the append-only history (`db/revisions.ts` writes it) for triplets and assignments. */

export interface WorkflowRevision { id: number; at: string; user_id: string | null; action: string; entity: string; diff: WorkflowDiff }

/** Every revision of a triplet and of its assignment, newest first. */
export function workflowRevisions(db: Db, itemId: number): WorkflowRevision[] {
  return statement<[string], Omit<WorkflowRevision, 'diff'> & { diff: string }>(db, `SELECT id, at, user_id, action, diff, entity FROM revisions
    WHERE entity IN ('triplet', 'assignment') AND entity_id = ? ORDER BY id DESC`).all(String(itemId))
    .map((r) => ({ ...r, diff: readWorkflowDiff(r.diff) }));
}

/** The text a triplet revision carries (saves and refused saves), or undefined when it is not one of the item's or holds none. */
export function draftOfRevision(db: Db, revisionId: number, itemId: number): TripletDraft | undefined {
  const diff = statement<[number, string], string>(db, `SELECT diff FROM revisions WHERE id = ? AND entity = 'triplet' AND entity_id = ?`)
    .pluck().get(revisionId, String(itemId));
  return diff === undefined ? undefined : readWorkflowDiff(diff).draft;
}

/** A lead's overrides of a triplet, oldest first. */
export function overridesOf(db: Db, itemId: number): { at: string; user_id: string | null; diff: WorkflowDiff }[] {
  return statement<[string], { at: string; user_id: string | null; diff: string }>(db, `SELECT at, user_id, diff FROM revisions
    WHERE entity = 'triplet' AND entity_id = ? AND action = 'override' ORDER BY id`).all(String(itemId))
    .map((r) => ({ ...r, diff: readWorkflowDiff(r.diff) }));
}

/** How many times a triplet was saved. */
export function saveCount(db: Db, itemId: number): number {
  return statement<[string], number>(db, `SELECT count(*) FROM revisions WHERE entity = 'triplet' AND entity_id = ? AND action = 'save'`).pluck()
    .get(String(itemId)) ?? 0;
}
