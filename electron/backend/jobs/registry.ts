import { randomUUID } from 'node:crypto';
import type { Job } from '@shared/contract';
import { AppError } from '../errors';
import { toApiError } from '../api-error';
import type { EventBus } from '../events';

export interface JobControl {
  readonly id: string;
  readonly signal: AbortSignal;
  /** Reports progress; events are throttled so a fast loop does not flood the windows. */
  progress(done: number, total?: number | null, message?: string | null): void;
}

interface Entry {
  job: Job;
  abort: AbortController;
  lastEmit: number;
  done?: Promise<unknown>;
}

const EMIT_EVERY_MS = 100;

/**
 * Long work of this session (imports, later runs and variant generation). Jobs live in memory while they run so that
 * a failed import leaves the project file untouched; work that succeeds records its job row itself, in the same
 * transaction as its data.
 */
export class JobRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly events: EventBus,
    private readonly now: () => Date,
  ) {}

  /** Starts `work` and returns the job at once; the promise settles with the job's end. */
  start<T>(
    kind: string, title: string, unit: string, work: (control: JobControl) => Promise<T>,
    options: { cancelMessage?: () => string } = {},
  ): { job: Job; done: Promise<T> } {
    const id = randomUUID();
    const abort = new AbortController();
    const job: Job = {
      id, kind, title, unit, status: 'running', done: 0, total: null, message: null, error: null, result: null,
      startedAt: this.now().toISOString(), finishedAt: null,
    };
    const entry: Entry = { job, abort, lastEmit: 0 };
    this.entries.set(id, entry);
    this.events.emit({ type: 'job.progress', job: { ...job } });
    const control: JobControl = {
      id,
      signal: abort.signal,
      progress: (done, total, message) => {
        job.done = done;
        if (total !== undefined) job.total = total;
        if (message !== undefined) job.message = message;
        const t = Date.now();
        if (t - entry.lastEmit >= EMIT_EVERY_MS) {
          entry.lastEmit = t;
          this.events.emit({ type: 'job.progress', job: { ...job } });
        }
      },
    };
    const done = (async () => {
      try {
        const result = await work(control);
        job.status = 'done';
        // Work that returns nothing (the visual-dependency check) ends with null: JSON drops an undefined field, and the
        // studio refuses a job event without `result`, so the job would stay "running" on its screens.
        job.result = result === undefined ? null : result;
        if (job.total !== null) job.done = job.total;
        return result;
      } catch (error) {
        const cancelled = abort.signal.aborted;
        // Imports roll back (nothing stored); runs keep every answer so far and say so through cancelMessage.
        const message = options.cancelMessage?.() ?? 'cancelled; nothing was stored';
        job.status = cancelled ? 'cancelled' : 'failed';
        job.error = cancelled ? { code: 'cancelled', message } : toApiError(error);
        throw cancelled ? new AppError('cancelled', `${title}: ${message}`) : error;
      } finally {
        job.finishedAt = this.now().toISOString();
        this.events.emit({ type: 'job.finished', job: { ...job } });
      }
    })();
    entry.done = done;
    // The caller may not await (imports.start): keep an unobserved failure from crashing the process.
    done.catch(() => undefined);
    return { job: { ...job }, done };
  }

  /** Resolves when the job has ended, however it ended. */
  async settled(id: string): Promise<void> {
    await this.entries.get(id)?.done?.catch(() => undefined);
  }

  list(): Job[] {
    return [...this.entries.values()].map((e) => ({ ...e.job })).reverse();
  }

  get(id: string): Job | undefined {
    const entry = this.entries.get(id);
    return entry ? { ...entry.job } : undefined;
  }

  cancel(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry || entry.job.status !== 'running') return false;
    entry.abort.abort();
    return true;
  }

  /** Waits for running jobs to stop (cancelling them first) before the project closes. */
  async cancelAll(): Promise<void> {
    const running = [...this.entries.values()].filter((e) => e.job.status === 'running');
    for (const entry of running) entry.abort.abort();
    await Promise.allSettled(running.map((e) => e.done));
  }

  running(): number {
    return [...this.entries.values()].filter((e) => e.job.status === 'running').length;
  }
}
