import type { EndpointSnapshot } from './settings';
import { RequestError, type ChatClient, type ChatReply, type ChatRequest } from './client';
import type { AdaptiveLimiter } from './limiter';

export interface RetryPolicy {
  /** Attempts for server errors, timeouts, resets and malformed bodies. */
  maxAttempts: number;
  /** Rate-limit answers tolerated per request before giving up on it. */
  maxRateLimited: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, maxRateLimited: 12, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** Exponential backoff with full jitter (AWS's recommendation): spread retries so they do not arrive together. */
export function backoffMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  return Math.round(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)));
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new RequestError('cancelled', 'cancelled'));
    const timer = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(timer); reject(new RequestError('cancelled', 'cancelled')); };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface Asked {
  reply: ChatReply;
  attempts: number;
}

/** A request that gave up, with every attempt it made. */
export class GaveUp extends Error {
  constructor(readonly last: RequestError, readonly attempts: number) {
    super(last.message);
  }
}

/**
 * Two signals of one request: `stop` ends waiting (for a slot, for a backoff, for a retry) at once — pause, cancel;
 * `abandon` also drops the request in flight — cancel at once, pause after a short grace. One signal means both.
 */
export interface AskSignals {
  stop: AbortSignal;
  abandon: AbortSignal;
}

export function signalsOf(signal: AbortSignal | AskSignals): AskSignals {
  return signal instanceof AbortSignal ? { stop: signal, abandon: signal } : signal;
}

export const cancelled = (attempts: number) => new GaveUp(new RequestError('cancelled', 'cancelled'), attempts);

/**
 * A passing fault's wait, as a share of the first backoff step: long enough to spread retries that failed together,
 * short enough that a run's last questions do not sit out a whole second each behind idle slots (0–100 ms by default).
 */
const PASSING_FAULT_SHARE = 0.1;

/**
 * How long this request waits before its next attempt, telling the limiter what happened; null: give up. The backoff
 * follows the endpoint's health, not only this request's luck: while most recent attempts are answered, a failure is
 * a passing fault, and the request waits a tenth of the first step (jittered) whatever its attempt count, instead of a
 * tail of 4th and 5th attempts sleeping up to 8 s behind idle slots. Once failures are the majority the steps grow
 * with its attempts, as exponential backoff with full jitter. A 429 waits its Retry-After, whatever the health.
 */
export function retryWait(
  error: RequestError, counts: { failures: number; rateLimited: number }, limiter: AdaptiveLimiter, policy: RetryPolicy, random = Math.random,
): number | null {
  if (error.kind === 'rate_limit') {
    counts.rateLimited++;
    const wait = error.retryAfterMs ?? backoffMs(counts.rateLimited, policy, random);
    limiter.rateLimited(wait);
    return counts.rateLimited >= policy.maxRateLimited ? null : wait;
  }
  limiter.failed();
  counts.failures++;
  if (counts.failures >= policy.maxAttempts) return null;
  if (error.retryAfterMs !== null) return error.retryAfterMs;
  if (limiter.healthy()) return Math.round(random() * policy.baseDelayMs * PASSING_FAULT_SHARE);
  return backoffMs(counts.failures, policy, random);
}

/**
 * Sends one request until it is answered: waits its turn at the limiter, waits out its own 429's Retry-After (the
 * limiter slows everyone only when 429s are sustained), retries 5xx / timeouts / resets / broken bodies with jitter,
 * and stops at once on pause or cancel, or on errors a retry cannot fix (bad key, bad request).
 */
export async function askWithRetries(
  client: ChatClient, limiter: AdaptiveLimiter, request: ChatRequest, estimatedTokens: number, policy: RetryPolicy, signal: AbortSignal | AskSignals,
): Promise<Asked> {
  const { stop, abandon } = signalsOf(signal);
  let attempts = 0;
  const counts = { failures: 0, rateLimited: 0 };
  for (;;) {
    try {
      // A retry goes before fresh requests, so failed questions are asked again while the run still has work.
      await limiter.acquire(estimatedTokens, stop, attempts > 0);
    } catch {
      throw cancelled(attempts);
    }
    attempts++;
    let error: RequestError;
    try {
      const reply = await client.complete(request, abandon);
      limiter.success();
      limiter.observe(reply.budget ?? null);
      return { reply, attempts };
    } catch (e) {
      error = e instanceof RequestError ? e : new RequestError('malformed', e instanceof Error ? e.message : String(e));
      limiter.observe(error.budget);
    } finally {
      limiter.release();
    }
    if (!error.retryable) throw new GaveUp(error, attempts);
    const wait = retryWait(error, counts, limiter, policy);
    if (wait === null) throw new GaveUp(error, attempts);
    try {
      await sleep(wait, stop);
    } catch {
      throw cancelled(attempts);
    }
  }
}

export function costOf(endpoint: EndpointSnapshot, reply: Pick<ChatReply, 'tokensIn' | 'tokensOut'>): number | null {
  if (endpoint.priceIn === null && endpoint.priceOut === null) return null;
  return ((reply.tokensIn ?? 0) * (endpoint.priceIn ?? 0) + (reply.tokensOut ?? 0) * (endpoint.priceOut ?? 0)) / 1e6;
}
