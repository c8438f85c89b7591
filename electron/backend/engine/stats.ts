import type { RunSummary } from '@shared/contract';
import type { AdaptiveLimiter } from './limiter';

/** What the progress bar shows of a live run. */
export type LiveInfo = NonNullable<RunSummary['live']>;

const WINDOW_MS = 20_000;

/** Live numbers of a running run for the progress bar: rate over the last 20 s, ETA, current concurrency. */
export class RunStats {
  private total = 0;
  private done = 0;
  private readonly finishedAt: number[] = [];
  private limiter: AdaptiveLimiter | null = null;
  private started = 0;

  /** Set when the job starts; the stats object exists first so the run is visible as live at once. */
  jobId = '';

  constructor(private readonly now: () => number = () => Date.now()) {}

  begin(total: number, limiter: AdaptiveLimiter): void {
    this.total = total;
    this.limiter = limiter;
    this.started = this.now();
  }

  record(): void {
    this.done++;
    this.finishedAt.push(this.now());
  }

  end(): void {
    this.limiter = null;
  }

  live(): LiveInfo {
    const now = this.now();
    while (this.finishedAt.length > 0 && this.finishedAt[0]! < now - WINDOW_MS) this.finishedAt.shift();
    const span = Math.min(WINDOW_MS, Math.max(1, now - this.started)) / 1000;
    const rate = this.finishedAt.length / span;
    const left = this.total - this.done;
    return {
      jobId: this.jobId,
      rate: Math.round(rate * 100) / 100,
      etaSeconds: rate > 0 ? Math.round(left / rate) : null,
      concurrency: this.limiter?.concurrency ?? 0,
      waitingMs: this.limiter?.waitingMs() ?? 0,
    };
  }
}
