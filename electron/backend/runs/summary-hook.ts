import type { StoredCounts } from '../db/connection';
import type { Db } from '../db/open';
import { runStatusOf } from './store/runs';

export type { StoredCounts } from '../db/connection';

/** Fresh stored counters, or none when the connection keeps no summaries (each run then counts its own rows). */
export function storedRunCounts(db: Db, runId?: number): ReadonlyMap<number, StoredCounts> {
  return db.summaries?.storedCounts(db, runId) ?? new Map();
}

/**
 * Keeping a run's stored summary equal to its predictions (issue 20), in two layers:
 * - the triggers of migration 0011 mark the summary stale in the same transaction as ANY write to the run's predictions
 *   or units, whoever writes — so a summary that disagrees with its predictions is never read as fresh;
 * - every prediction writer in electron/backend/runs (storeAnswer, storeError, correctPrediction) and setRunStatus call
 *   `summaryChanged` inside their transaction, which recomputes the summary there and then once the run is settled.
 *   While a run is running the summary stays stale (recomputing 20,000 questions per answer would cost more than the
 *   answers); the transaction that settles the run computes it.
 */
const UNSETTLED = new Set(['pending', 'running']);

function refreshIfSettled(db: Db, runId: number): void {
  if (!db.summaries) return;
  const status = runStatusOf(db, runId);
  if (status !== undefined && !UNSETTLED.has(status)) db.summaries.refresh(db, runId);
}

/** Call inside the transaction that changed run `runId`'s predictions or status. */
export function summaryChanged(db: Db, runId: number): void {
  const batch = db.summaryBatch;
  if (batch) batch.add(runId);
  else refreshIfSettled(db, runId);
}

/**
 * Runs `fn` in one transaction and recomputes the summaries of the runs it changed once, at its end, still inside it:
 * for writers of many predictions at once (an imported prediction file, a re-reading), which would otherwise
 * recompute a settled run's summary after every row.
 */
export function summaryBatch<T>(db: Db, fn: () => T): T {
  if (db.summaryBatch) return fn();
  const changed = new Set<number>();
  return db.transaction(() => {
    db.summaryBatch = changed;
    let result: T;
    try {
      result = fn();
    } finally {
      db.summaryBatch = null;
    }
    for (const runId of changed) refreshIfSettled(db, runId);
    return result;
  })();
}

/**
 * Recomputes committed run `runId`'s summary in slices, for a writer that committed the run without it so that no one
 * step holds the thread for long (an imported prediction file, issue 29). Until it is stored the run has no summary and
 * a reader computes one, as for any unsummarised run; so a failure here (a full disk, the lock held elsewhere past the
 * busy timeout, the project closed meanwhile) loses nothing, and returns false rather than fail the import that
 * already committed.
 */
export async function refreshCommittedInSlices(db: Db, runId: number): Promise<boolean> {
  const summaries = db.summaries;
  if (!summaries) return false;
  try {
    return await summaries.refreshInSlices(db, runId);
  } catch {
    return false;
  }
}
