import { apiErrorSchema, runOutcomeSchema, type Job, type RunOutcome } from '@shared/contract';
import type { Backend } from '..';
import { AppError } from '../errors';

/**
 * A job's end through the contract: its `job.finished` event, or `jobs.get` when it ended before this listened (the
 * listener is in place before the check, so no end falls between the two).
 */
export async function finishedJob(backend: Backend, jobId: string): Promise<Job> {
  let off = () => {};
  const finished = new Promise<Job>((resolve) => {
    off = backend.events.on((event) => {
      if (event.type === 'job.finished' && event.job.id === jobId) resolve(event.job);
    });
  });
  try {
    const now = await backend.call('jobs.get', { id: jobId });
    return now.status === 'running' || now.status === 'queued' ? await finished : now;
  } finally {
    off();
  }
}

/**
 * How a run's job ended: its outcome (the job's result, read with the contract's schema), or null for a run with no
 * job (a human run). A job that failed or was cancelled is the caller's error, with the job's code.
 */
export async function runEnd(backend: Backend, jobId: string | null): Promise<RunOutcome | null> {
  if (jobId === null) return null;
  const job = await finishedJob(backend, jobId);
  if (job.status === 'done') return runOutcomeSchema.parse(job.result);
  const error = apiErrorSchema.safeParse(job.error);
  const { code, message } = error.success ? error.data : { code: 'internal' as const, message: `${job.title} ${job.status}` };
  throw new AppError(code, code === 'cancelled' ? `${job.title}: ${message}` : message);
}

/** Waits until a run no longer runs in this process, however it ends (`anchor optimize --evaluate`). */
export async function runSettled(backend: Backend, runId: number): Promise<void> {
  const { live } = await backend.call('runs.get', { id: runId });
  if (live) await finishedJob(backend, live.jobId);
}
