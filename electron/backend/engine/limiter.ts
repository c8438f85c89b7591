import type { RateBudget } from './rate-headers';

export interface LimiterOptions {
  /** The most requests in flight; the limiter halves below it on sustained 429s and climbs back one step at a time. */
  maxConcurrency: number;
  rpm: number | null;
  tpm: number | null;
  now?: () => number;
}

const MINUTE = 60_000;
/** A 429 is "sustained" when more than this share of the recent outcomes were 429s. */
const SUSTAINED_SHARE = 0.25;
/** The endpoint is "healthy" while at most this share of the recent outcomes were failures (5xx, resets, timeouts…). */
const HEALTHY_FAILURE_SHARE = 0.5;

/** What one request's attempt came to, as the limiter remembers it. */
type Outcome = 'answered' | 'limited' | 'failed';

/**
 * Who may send next, for one endpoint. The whole interface a sender needs (an endpoint with replicas would hold one
 * limiter per replica):
 * - `acquire(tokens, signal)` before sending, `release()` after, whatever happened;
 * - `success()` after a good reply, `rateLimited(retryAfterMs)` after a 429, `failed()` after a server-side failure,
 *   `observe(budget)` with the `x-ratelimit-*` headers of any reply.
 *
 * A retry (`acquire(…, retry = true)`) goes before fresh requests: a question that failed is asked again while the run
 * still has work, not in a tail behind it.
 *
 * A single 429 is the server's word about one request: that request waits its Retry-After (the caller sleeps), the
 * others keep sending. Only sustained 429s (over a quarter of recent outcomes) halve concurrency and hold every sender
 * for the Retry-After — AIMD, as TCP does, climbing back +1 per window of successes. A budget the server announces
 * as spent holds sends until its window resets; sliding-minute request and token budgets apply as configured.
 * Waiters sleep until something changes; nothing polls.
 */
export class AdaptiveLimiter {
  private limitNow: number;
  private active = 0;
  private holdUntil = 0;
  private successes = 0;
  private readonly recent: Outcome[] = [];
  /** Retries waiting for a slot: fresh requests leave them the free slots. */
  private retriesWaiting = 0;
  /** Every request waiting in `acquire`. */
  private waiting = 0;
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

  /** How long every sender is held back by the endpoint's limits right now. */
  waitingMs(): number {
    return Math.max(0, this.holdUntil - this.now());
  }

  /** Whether a fresh request would be let through now (the replica pool sends where there is room). */
  hasRoom(): boolean {
    return this.waiting === 0 && this.blockedFor(0, false) === 0;
  }

  /** Not enough failures among the recent outcomes to call the endpoint down: a failure is then one request's bad luck. */
  healthy(): boolean {
    const failures = this.recent.filter((o) => o === 'failed').length;
    return failures <= HEALTHY_FAILURE_SHARE * this.recent.length;
  }

  async acquire(tokens: number, signal: AbortSignal, retry = false): Promise<void> {
    if (retry) this.retriesWaiting++;
    this.waiting++;
    try {
      for (;;) {
        signal.throwIfAborted();
        const wait = this.blockedFor(tokens, retry);
        if (wait === 0) {
          this.active++;
          if (this.options.rpm !== null || this.options.tpm !== null) this.window.push({ at: this.now(), tokens });
          return;
        }
        await this.sleep(wait, signal);
      }
    } finally {
      this.waiting--;
      if (retry) this.retriesWaiting--;
    }
  }

  release(): void {
    this.active = Math.max(0, this.active - 1);
    this.wake();
  }

  success(): void {
    this.remember('answered');
    if (this.limitNow >= this.options.maxConcurrency) return;
    if (++this.successes >= this.limitNow) {
      this.successes = 0;
      this.limitNow++;
      this.wake();
    }
  }

  /** A 429. Sustained ones halve concurrency (once per window) and hold everyone for `retryAfterMs`. */
  rateLimited(retryAfterMs: number): void {
    this.remember('limited');
    this.successes = 0;
    const size = this.windowSize();
    const limited = this.recent.filter((o) => o === 'limited').length;
    if (this.recent.length < Math.min(size, 8) || limited <= SUSTAINED_SHARE * this.recent.length) return;
    this.limitNow = Math.max(1, Math.ceil(this.limitNow / 2));
    this.holdUntil = Math.max(this.holdUntil, this.now() + retryAfterMs);
    this.recent.length = 0;
  }

  /** A server-side failure (5xx, reset, timeout, broken body): counted for `healthy()`, the limit is left alone. */
  failed(): void {
    this.remember('failed');
  }

  /** The server's own account of its budget: spent means nobody sends until its window resets. */
  observe(budget: RateBudget | null): void {
    if (!budget) return;
    const spentRequests = budget.remainingRequests !== null && budget.remainingRequests <= 0 ? budget.resetRequestsMs : null;
    const spentTokens = budget.remainingTokens !== null && budget.remainingTokens <= 0 ? budget.resetTokensMs : null;
    const wait = Math.max(spentRequests ?? 0, spentTokens ?? 0);
    if (wait > 0) this.holdUntil = Math.max(this.holdUntil, this.now() + wait);
  }

  private windowSize(): number {
    return Math.max(8, this.limitNow * 2);
  }

  private remember(outcome: Outcome): void {
    this.recent.push(outcome);
    while (this.recent.length > this.windowSize()) this.recent.shift();
  }

  /** 0 when a request may go now; otherwise ms to sleep (Infinity = until a slot frees). */
  private blockedFor(tokens: number, retry: boolean): number {
    const now = this.now();
    if (this.holdUntil > now) return this.holdUntil - now;
    if (this.active + (retry ? 0 : this.retriesWaiting) >= this.limitNow) return Infinity;
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
