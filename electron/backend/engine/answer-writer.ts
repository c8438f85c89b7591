import type { ApiError } from '@shared/contract';
import { isBusy, storageFailure } from '../db/failures';

/**
 * Writes a run's answers. A write refused because another process holds the write lock past the busy timeout is kept
 * in memory and tried again — a paid answer is never lost to a lock, nor stored as an error. Any other storage failure
 * (full disk, read-only or damaged file) is fatal: it is kept in `failure` and `onFatal` stops the run.
 */
export class AnswerWriter {
  private readonly pending: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  failure: ApiError | null = null;

  constructor(
    private readonly path: string,
    private readonly onFatal: (failure: ApiError) => void,
    private readonly retryMs = 250,
  ) {}

  /** Answers written to memory but not yet to the file. */
  get held(): number {
    return this.pending.length;
  }

  /** Writes now, or keeps the write for later when the file is locked; throws errors that are not about storage. */
  write(fn: () => void): void {
    if (this.failure) return;
    if (this.attempt(fn) === 'busy') {
      this.pending.push(fn);
      this.schedule();
    }
  }

  /** Tries the held writes until none is left, the file fails, or `maxWaitMs` passes; returns how many are still held. */
  async drain(maxWaitMs: number): Promise<number> {
    const until = Date.now() + maxWaitMs;
    while (this.pending.length > 0 && !this.failure && Date.now() < until) {
      this.flush();
      if (this.pending.length > 0) await new Promise((r) => setTimeout(r, this.retryMs));
    }
    if (this.timer) clearTimeout(this.timer);
    return this.failure ? 0 : this.pending.length;
  }

  private attempt(fn: () => void): 'ok' | 'busy' | 'fatal' {
    try {
      fn();
      return 'ok';
    } catch (error) {
      if (isBusy(error)) return 'busy';
      const failure = storageFailure(error, this.path);
      if (!failure) throw error;
      this.failure = failure;
      this.onFatal(failure);
      return 'fatal';
    }
  }

  private flush(): void {
    const todo = this.pending.splice(0);
    for (const [i, fn] of todo.entries()) {
      const result = this.attempt(fn);
      if (result === 'busy') {
        this.pending.push(...todo.slice(i));
        return;
      }
      if (result === 'fatal') return;
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
      if (this.pending.length > 0 && !this.failure) this.schedule();
    }, this.retryMs);
  }
}
