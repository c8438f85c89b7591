import type { ApiError, RunOutcome } from '@shared/contract';
import type { Db } from '../db/open';
import { storageFailure } from '../db/failures';
import type { EndpointStore } from '../endpoints/endpoints';
import { askUnits, type EngineDeps, type Tally } from '../engine/runner';
import { AppError } from '../errors';
import { runCounts } from './counts';
import { resolveRunEndpoints } from './endpoint-check';
import { answerSink } from './predictions';
import { runConfig, runRow, setRunStatus } from './runs';
import { loadUnits } from './store/units';

/** The engine's dependencies but the ones this file supplies (keys, sink), plus where keys come from. */
export interface RunnerDeps extends Omit<EngineDeps, 'keys' | 'answers'> {
  endpoints: EndpointStore;
  /** How often a batch run asks the provider how its batch is doing. */
  batchPollMs?: number;
}

// The outcome is the run job's `result`, so adapters read it through the contract's schema.
export type { RunOutcome };

/**
 * Runs (or resumes) a run: the engine asks each unit that has no answer yet — or, with `which = 'errors'`, only failed
 * ones — and every answer is stored as a prediction the moment it arrives. The run's status is this file's: running
 * while the engine asks, then how it ended (a storage failure ends it `failed` with its reason).
 */
export async function executeRun(runId: number, which: 'unanswered' | 'errors', deps: RunnerDeps): Promise<RunOutcome> {
  const { db } = deps;
  const config = runConfig(runRow(db, runId));
  if (config.kind === 'human') throw new AppError('invalid_input', 'a human-evaluation run is answered in the Runs screen, not by a job');
  // Before anything is sent: the owner's endpoints as configured now, refused when they are not what the run recorded.
  const { settings, keys } = resolveRunEndpoints(db, runId, config, deps.endpoints);
  const units = loadUnits(db, runId, which);
  setRunStatus(db, runId, 'running', null, null);
  const tally = await askUnits(units, settings, { ...deps, keys, answers: answerSink(db, runId) });
  return endRun(runId, deps, tally, units.length);
}

/** Records how the run ended — honestly: a failure stays a failure even when recording it fails too. */
function endRun(runId: number, deps: RunnerDeps, tally: Tally, total: number): RunOutcome {
  const { db, control } = deps;
  if (control.signal.aborted && !tally.fatal) {
    trySetStatus(db, runId, 'cancelled', null, deps.now());
    throw new AppError('cancelled', 'cancelled');
  }
  const paused = deps.pause.aborted && tally.finished < total;
  // A lock that never let go leaves the run resumable: nothing is wrong with the file.
  const ended = tally.fatal ? (tally.fatal.code === 'locked' ? 'paused' : 'failed') : paused ? 'paused' : 'done';
  // A run with no answer at all, every request having failed, failed: it is not "finished" with a score of nothing.
  const noneAnswered = ended === 'done' && tally.errors > 0 && runCounts(db, runId).answered === 0;
  const status = noneAnswered ? 'failed' : ended;
  const reason = tally.fatal?.message ?? (noneAnswered ? `every request failed (${tally.errors}); the first said: ${tally.firstError ?? 'no reason given'}` : null);
  const recorded = trySetStatus(db, runId, status, reason, status === 'paused' ? null : deps.now());
  const error = tally.fatal ?? recorded;
  return { runId, status: recorded && !tally.fatal ? 'failed' : status, asked: tally.finished, answered: tally.answered, errors: tally.errors, error };
}

function trySetStatus(db: Db, runId: number, status: Parameters<typeof setRunStatus>[2], error: string | null, at: Date | null): ApiError | null {
  try {
    setRunStatus(db, runId, status, error, at);
    return null;
  } catch (e) {
    const failure = storageFailure(e, db.name);
    if (!failure) throw e;
    return failure;
  }
}
