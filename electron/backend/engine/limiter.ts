export interface LimiterOptions {
  /** The most requests in flight; the limiter halves below it on 429s and climbs back one step at a time. */
  maxConcurrency: number;
  rpm: number | null;
  tpm: number | null;
  now?: () => number;
}

const MINUTE = 60_000;

/**
 * Who may send next, per endpoint: a concurrency limit that adapts (halved on a 429, +1 after a full window of
 * successes — AIMD, as TCP does), a shared cool-down honouring Retry-After, and sliding-minute request and token
 * budgets. Waiters sleep until something changes; nothing polls.
 */
export class AdaptiveLimiter {
  private limitNow: number;
  private active = 0;
  private cooldownUntil = 0;
  private successes = 0;
  private readonly window: { at: number; tokens: number }[] = [];
  private wakers: (() => void)[] = [];
  private readonly now: () => number;

  constructor(private readonly options: LimiterOptions) {
    this.limitNow = options.maxConcurrency;
    this.now = options.now ?? (() => Date.now());
  }

  get concurrency(): number {
    return this.limitNow;
  }

  get inFlight(): number {
    return this.active;
  }

  /** How long senders are held back by a rate limit right now. */
  waitingMs(): number {
    return Math.max(0, this.cooldownUntil - this.now());
  }

  async acquire(tokens: number, signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      const wait = this.blockedFor(tokens);
      if (wait === 0) {
        this.active++;
        if (this.options.rpm !== null || this.options.tpm !== null) this.window.push({ at: this.now(), tokens });
        return;
      }
      await this.sleep(wait, signal);
    }
  }

  release(): void {
    this.active = Math.max(0, this.active - 1);
    this.wake();
  }

  success(): void {
    if (this.limitNow >= this.options.maxConcurrency) return;
    if (++this.successes >= this.limitNow) {
      this.successes = 0;
      this.limitNow++;
      this.wake();
    }
  }

  /** A 429: everyone waits out Retry-After (or `fallbackMs`), and fewer requests fly afterwards. */
  rateLimited(retryAfterMs: number | null, fallbackMs: number): void {
    const until = this.now() + (retryAfterMs ?? fallbackMs);
    // One halving per cool-down: a burst of 429s from requests already in flight is one signal, not ten.
    if (this.cooldownUntil <= this.now()) this.limitNow = Math.max(1, Math.ceil(this.limitNow / 2));
    this.cooldownUntil = Math.max(this.cooldownUntil, until);
    this.successes = 0;
  }

  /** 0 when a request may go now; otherwise ms to sleep (Infinity = until a slot frees). */
  private blockedFor(tokens: number): number {
    const now = this.now();
    if (this.cooldownUntil > now) return this.cooldownUntil - now;
    if (this.active >= this.limitNow) return Infinity;
    while (this.window.length > 0 && this.window[0]!.at <= now - MINUTE) this.window.shift();
    if (this.options.rpm !== null && this.window.length >= this.options.rpm) return this.window[0]!.at + MINUTE - now;
    if (this.options.tpm !== null && this.window.length > 0) {
      const used = this.window.reduce((sum, w) => sum + w.tokens, 0);
      if (used + tokens > this.options.tpm) return this.window[0]!.at + MINUTE - now;
    }
    return 0;
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wakers = this.wakers.filter((w) => w !== done);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(1, ms)) : undefined;
      signal.addEventListener('abort', done, { once: true });
      this.wakers.push(done);
    });
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const w of wakers) w();
  }
}
