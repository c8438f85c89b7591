import type { Db } from '../db/open';
import { anyItemInWorkflow, overriddenItemIds } from './store';

/**
 * How each triplet of a dataset stands in review, for exports (METHODS §2): its workflow status, and whether a lead's
 * override put it there rather than two checkers. Derived from the append-only history — the latest status-changing
 * event of the triplet (submit, review or override) is an override to the status it still has — so projects made
 * before this existed are read the same way.
 */
export interface ReviewState {
  state: string;
  leadOverride: boolean;
}

/** Items of the dataset whose current status a lead's override set. */
export function overriddenItems(db: Db, datasetId: number): Set<number> {
  return new Set(overriddenItemIds(db, datasetId));
}

/** Whether the dataset has been through the team workflow at all; untouched imports export exactly as they came. */
export function hasReviewWorkflow(db: Db, datasetId: number): boolean {
  return anyItemInWorkflow(db, datasetId);
}
