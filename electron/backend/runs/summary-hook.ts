import type { Db } from '../db/open';
import type { RunCounts } from './counts';
import { runStatusOf } from './store/runs';

/** A run's counters as its stored summary keeps them. */
export interface StoredCounts extends RunCounts {
  /** Requests the run plans (run units). */
  units: number;
}

/**
 * What runs/ needs of the stored run summaries, which reports/ computes and owns: runs sit below reports, so reports
 * registers these at backend creation (reports/summary.ts `keepRunSummaries`) instead of runs importing reports.
 * Unregistered (a bare connection in a script), nothing is refreshed eagerly: the triggers of migration 0011 still
 * mark each changed summary stale, and readers recompute a stale one.
 */
export interface RunSummaries {
  /** Recomputes and stores run `runId`'s summary; the caller's transaction holds both. */
  refresh(db: Db, runId: number): void;
  /** Recomputes a committed run's summary in slices and stores it in a short transaction of its own (false: not stored). */
  refreshInSlices(db: Db, runId: number): Promise<boolean>;
  /** Counters of the runs whose summary is fresh (one run's, or every run's). */
  storedCounts(db: Db, runId?: number): ReadonlyMap<number, StoredCounts>;
}

let summaries: RunSummaries | null = null;

export function registerRunSummaries(port: RunSummaries): void {
  summaries = port;
}

/** Fresh stored counters, or none when no summaries are kept (each run then counts its own rows). */
export function storedRunCounts(db: Db, runId?: number): ReadonlyMap<number, StoredCounts> {
  return summaries?.storedCounts(db, runId) ?? new Map();
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
const batches = new WeakMap<Db, Set<number>>();

const UNSETTLED = new Set(['pending', 'running']);

function refreshIfSettled(db: Db, runId: number): void {
  if (!summaries) return;
  const status = runStatusOf(db, runId);
  if (status !== undefined && !UNSETTLED.has(status)) summaries.refresh(db, runId);
}

/** Call inside the transaction that changed run `runId`'s predictions or status. */
export function summaryChanged(db: Db, runId: number): void {
  const batch = batches.get(db);
  if (batch) batch.add(runId);
  else refreshIfSettled(db, runId);
}

/**
 * Runs `fn` in one transaction and recomputes the summaries of the runs it changed once, at its end, still inside it:
 * for writers of many predictions at once (an imported prediction file, a re-reading), which would otherwise
 * recompute a settled run's summary after every row.
 */
export function summaryBatch<T>(db: Db, fn: () => T): T {
  if (batches.has(db)) return fn();
  const changed = new Set<number>();
  return db.transaction(() => {
    batches.set(db, changed);
    let result: T;
    try {
      result = fn();
    } finally {
      batches.delete(db);
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
  if (!summaries) return false;
  try {
    return await summaries.refreshInSlices(db, runId);
  } catch {
    return false;
  }
}
