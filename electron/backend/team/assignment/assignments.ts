import type { User } from '@shared/contract';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import {
  checkerLoads, itemIdsInDataset, itemState, setStatus, unassignedItemIds, unassignedItemIdsInCategory, upsertAssignment,
} from './store/assignments';
import { transition } from '../triplets/triplets';
import { listUsers } from '../people/users';
import { independentPool, requireIndependentCheckers } from './checker-rule';

export type Selection =
  | { mode: 'count'; count: number }
  | { mode: 'category'; category: string; count?: number | undefined }
  | { mode: 'items'; itemIds: number[] };

export interface AssignInput {
  datasetId: number;
  annotators: string[];
  /** The pool two checkers per item are drawn from, least loaded first; never the item's annotator. */
  checkers: string[];
  select: Selection;
}

function usersWithRole(db: Db, ids: string[], role: 'annotator' | 'checker'): User[] {
  const all = new Map(listUsers(db).map((u) => [u.id, u]));
  return [...new Set(ids)].map((id) => {
    const user = all.get(id);
    if (!user) throw new AppError('not_found', `there is no user "${id}"`);
    if (!user.roles.includes(role)) throw new AppError('invalid_input', `${user.name} does not have the ${role} role`);
    return user;
  });
}

function selectItems(db: Db, datasetId: number, select: Selection): number[] {
  switch (select.mode) {
    case 'count':
      return unassignedItemIds(db, datasetId, select.count);
    case 'category':
      return unassignedItemIdsInCategory(db, datasetId, select.category, select.count ?? -1);
    case 'items': {
      const found = new Set(itemIdsInDataset(db, datasetId, select.itemIds));
      const missing = select.itemIds.find((id) => !found.has(id));
      if (missing !== undefined) throw new AppError('not_found', `item ${missing} is not in this dataset`);
      return [...new Set(select.itemIds)];
    }
  }
}

/**
 * Splits the selected items into contiguous, disjoint subsets, one per annotator (MMEvalPro's independent subsets),
 * and gives every item two checkers who are not its annotator. Items already assigned are reassigned and logged.
 */
export function assignItems(db: Db, by: string | null, input: AssignInput, now: Date): { assigned: number; byAnnotator: Record<string, number> } {
  const annotators = usersWithRole(db, input.annotators, 'annotator');
  const pool = usersWithRole(db, input.checkers, 'checker');
  if (annotators.length === 0) throw new AppError('invalid_input', 'choose at least one annotator');
  // MMEvalPro's checkers are not part of the annotation team: the dataset's annotators leave the pool unless relaxed.
  const allowed = new Set(independentPool(db, input.datasetId, annotators.map((a) => a.id), pool.map((c) => c.id)));
  const checkers = pool.filter((c) => allowed.has(c.id));
  const left = pool.filter((c) => !allowed.has(c.id) && !annotators.some((a) => a.id === c.id)).map((c) => c.name);
  for (const a of annotators) {
    if (checkers.filter((c) => c.id !== a.id).length < 2) {
      const why = left.length ? ` (${left.join(', ')} annotate${left.length === 1 ? 's' : ''} in this dataset and may not check in it unless a lead relaxes the rule)` : '';
      throw new AppError('invalid_input', `${a.name} needs two checkers other than themself${why}; add more checkers`);
    }
  }
  requireIndependentCheckers(db, input.datasetId, annotators.map((a) => a.id), []);
  return db.transaction(() => {
    const items = selectItems(db, input.datasetId, input.select);
    if (items.length === 0) throw new AppError('invalid_input', 'no unassigned items match; pick other items or reassign them by hand');
    // How many items each checker already checks, so new work goes to the least loaded.
    const load = checkerLoads(db);
    // A Map: user names are data, and `constructor` is a valid one (on `{}` its count would start from a function).
    const byAnnotator = new Map<string, number>();
    const per = Math.ceil(items.length / annotators.length);
    items.forEach((itemId, i) => {
      const annotator = annotators[Math.floor(i / per)]!;
      const pair = checkers.filter((c) => c.id !== annotator.id)
        .sort((x, y) => (load.get(x.id) ?? 0) - (load.get(y.id) ?? 0))
        .slice(0, 2).map((c) => c.id) as [string, string];
      for (const c of pair) load.set(c, (load.get(c) ?? 0) + 1);
      place(db, by, itemId, annotator.id, pair, now, null);
      byAnnotator.set(annotator.id, (byAnnotator.get(annotator.id) ?? 0) + 1);
    });
    return { assigned: items.length, byAnnotator: Object.fromEntries(byAnnotator) };
  })();
}

function place(db: Db, by: string | null, itemId: number, annotator: string, checkers: [string, string], now: Date, reason: string | null): void {
  const state = itemState(db, itemId);
  upsertAssignment(db, itemId, annotator, checkers, by, now.toISOString());
  if (state.status === 'unassigned') setStatus(db, itemId, transition(state.status, { type: 'assign' }));
  appendRevision(db, 'assignment', itemId, by, now, state.assignment ? 'reassign' : 'assign', {
    annotator, checkers, ...(state.assignment ? { previous: state.assignment } : {}), ...(reason ? { reason } : {}),
  });
}

/** Changes who annotates or checks some items, keeping their state and history; the reason is logged. */
export function reassignItems(
  db: Db, by: string | null, input: { itemIds: number[]; annotator?: string | undefined; checkers?: [string, string] | undefined; reason: string }, now: Date,
): { reassigned: number } {
  if (!input.reason.trim()) throw new AppError('invalid_input', 'say why you reassign');
  if (input.annotator) usersWithRole(db, [input.annotator], 'annotator');
  if (input.checkers) usersWithRole(db, input.checkers, 'checker');
  return db.transaction(() => {
    for (const itemId of input.itemIds) {
      const current = itemState(db, itemId).assignment;
      if (!current) throw new AppError('conflict', `item ${itemId} is not assigned yet; assign it first`);
      const annotator = input.annotator ?? current.annotator;
      const checkers = input.checkers ?? current.checkers;
      if (checkers[0] === checkers[1]) throw new AppError('invalid_input', 'the two checkers must be different people');
      if (checkers.includes(annotator)) throw new AppError('invalid_input', `item ${itemId}: its annotator cannot also check it`);
      requireIndependentCheckers(db, itemState(db, itemId).datasetId, [annotator], checkers, [itemId]);
      place(db, by, itemId, annotator, checkers, now, input.reason);
    }
    return { reassigned: input.itemIds.length };
  })();
}
