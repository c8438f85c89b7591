import { toApiError } from '../api-error';
import type { Db } from '../db/open';
import { storageFailure } from '../db/failures';
import type { RunOutcome } from './execute';
import { currentHolder } from './lease';
import { removeQuietly, reservesBeside, type RunEnd, type RunEndReserve } from './reserve';
import { setRunStatus } from './runs';
import { runStatusOf } from './store/runs';

/**
 * Runs an executor and makes sure the run's row says how it ended, whatever ended it: an executor that could not write
 * its end (the disk filled), or that threw (a provider's error, a bug), would otherwise leave the row `running` — shown
 * "interrupted" with no reason. A row the disk refuses is recorded in the run's reserve, which the next open copies in.
 */
export async function settleRun(db: Db, runId: number, reserve: RunEndReserve, now: () => Date, execute: () => Promise<RunOutcome>): Promise<RunOutcome> {
  let outcome: RunOutcome;
  try {
    outcome = await execute();
  } catch (error) {
    const { code, message } = toApiError(error);
    try {
      ensureEnded(db, runId, reserve, code === 'cancelled' ? 'cancelled' : 'failed', code === 'cancelled' ? null : message, now);
    } catch {
      // What stopped the run is the error to report, not a second failure while recording it.
    }
    throw error;
  }
  ensureEnded(db, runId, reserve, outcome.status, outcome.error?.message ?? null, now);
  return outcome;
}

/** The row already ended (the executor wrote it) or is ended now, in the file if it takes the write, else in the reserve. */
function ensureEnded(db: Db, runId: number, reserve: RunEndReserve, status: RunEnd['status'], error: string | null, now: () => Date): void {
  const at = status === 'paused' ? null : now();
  try {
    // A run that never started (refused before its status was set) keeps its row as it was.
    if (runStatusOf(db, runId) !== 'running') return reserve.release();
    setRunStatus(db, runId, status, error, at);
    reserve.release();
  } catch (e) {
    if (!storageFailure(e)) throw e;
    reserve.record({ runId, status, error, finishedAt: at?.toISOString() ?? null });
  }
}

/**
 * Copies into their rows the ends that runs recorded beside the project because the file refused them, and removes the
 * reserves of runs that are over. A reserve whose run is executing (its lease is held) is that run's, and is kept; one
 * whose run was resumed and ended since says nothing any more. Stops quietly when the file still refuses writes.
 */
export function applyRecordedEnds(db: Db, projectPath: string, nowMs: number): void {
  for (const found of reservesBeside(projectPath)) {
    try {
      if (currentHolder(db, found.runId, nowMs)) continue;
      const end = found.end;
      if (end && runStatusOf(db, found.runId) === 'running') setRunStatus(db, found.runId, end.status, end.error, end.finishedAt ? new Date(end.finishedAt) : null);
    } catch (e) {
      if (storageFailure(e)) return;
      throw e;
    }
    removeQuietly(found.path);
  }
}
