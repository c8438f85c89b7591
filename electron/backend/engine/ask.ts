import type { EndpointSnapshot } from '../runs/config';
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

function sleep(ms: number, signal: AbortSignal): Promise<void> {
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
 * Sends one request until it is answered: waits its turn at the limiter, backs off on 429 (Retry-After first) and
 * tells the limiter so it lowers concurrency, retries 5xx / timeouts / resets / broken bodies with jitter, and stops
 * at once on cancel or on errors a retry cannot fix (bad key, bad request).
 */
export async function askWithRetries(
  client: ChatClient, limiter: AdaptiveLimiter, request: ChatRequest, estimatedTokens: number, policy: RetryPolicy, signal: AbortSignal,
): Promise<Asked> {
  let attempts = 0;
  let failures = 0;
  let rateLimited = 0;
  for (;;) {
    try {
      await limiter.acquire(estimatedTokens, signal);
    } catch {
      throw new GaveUp(new RequestError('cancelled', 'cancelled'), attempts);
    }
    attempts++;
    let error: RequestError;
    try {
      const reply = await client.complete(request, signal);
      limiter.success();
      return { reply, attempts };
    } catch (e) {
      error = e instanceof RequestError ? e : new RequestError('malformed', e instanceof Error ? e.message : String(e));
    } finally {
      limiter.release();
    }
    if (!error.retryable) throw new GaveUp(error, attempts);
    let wait: number;
    if (error.kind === 'rate_limit') {
      rateLimited++;
      wait = error.retryAfterMs ?? backoffMs(rateLimited, policy);
      limiter.rateLimited(error.retryAfterMs, wait);
      if (rateLimited >= policy.maxRateLimited) throw new GaveUp(error, attempts);
    } else {
      failures++;
      if (failures >= policy.maxAttempts) throw new GaveUp(error, attempts);
      wait = error.retryAfterMs ?? backoffMs(failures, policy);
    }
    try {
      await sleep(wait, signal);
    } catch {
      throw new GaveUp(new RequestError('cancelled', 'cancelled'), attempts);
    }
  }
}

export function costOf(endpoint: EndpointSnapshot, reply: Pick<ChatReply, 'tokensIn' | 'tokensOut'>): number | null {
  if (endpoint.priceIn === null && endpoint.priceOut === null) return null;
  return ((reply.tokensIn ?? 0) * (endpoint.priceIn ?? 0) + (reply.tokensOut ?? 0) * (endpoint.priceOut ?? 0)) / 1e6;
}
