import type { Db } from '../db/open';

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
  const ids = db.prepare(`SELECT i.id FROM items i
    JOIN (SELECT entity_id, max(id) AS last FROM revisions WHERE entity = 'triplet' AND action IN ('override', 'submit', 'review') GROUP BY entity_id) l
      ON l.entity_id = CAST(i.id AS TEXT)
    JOIN revisions r ON r.id = l.last
    WHERE i.dataset_id = ? AND r.action = 'override' AND json_extract(r.diff, '$.to') = i.status`).pluck().all(datasetId) as number[];
  return new Set(ids);
}

/** Whether the dataset has been through the team workflow at all; untouched imports export exactly as they came. */
export function hasReviewWorkflow(db: Db, datasetId: number): boolean {
  return db.prepare(`SELECT 1 FROM items WHERE dataset_id = ? AND status <> 'unassigned' LIMIT 1`).get(datasetId) !== undefined;
}
