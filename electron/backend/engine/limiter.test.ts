import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter } from './limiter';
import { backoffMs, defaultRetryPolicy } from './ask';
import { retryAfterMs } from './client';

describe('AdaptiveLimiter', () => {
  it('halves on a 429 once per cool-down and climbs back one step per window of successes', () => {
    let t = 0;
    const limiter = new AdaptiveLimiter({ maxConcurrency: 8, rpm: null, tpm: null, now: () => t });
    limiter.rateLimited(1000, 500);
    limiter.rateLimited(1000, 500); // the same burst: not halved again
    expect(limiter.concurrency).toBe(4);
    expect(limiter.waitingMs()).toBe(1000);
    t = 2000;
    limiter.rateLimited(null, 300);
    expect(limiter.concurrency).toBe(2);
    for (let i = 0; i < 2; i++) limiter.success();
    expect(limiter.concurrency).toBe(3);
    for (let i = 0; i < 3 + 4 + 5 + 6 + 7; i++) limiter.success();
    expect(limiter.concurrency).toBe(8);
    limiter.success();
    expect(limiter.concurrency).toBe(8);
  });

  it('holds a request until a slot frees', async () => {
    const limiter = new AdaptiveLimiter({ maxConcurrency: 1, rpm: null, tpm: null });
    const signal = new AbortController().signal;
    await limiter.acquire(1, signal);
    let second = false;
    const waiting = limiter.acquire(1, signal).then(() => (second = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(second).toBe(false);
    limiter.release();
    await waiting;
    expect(second).toBe(true);
  });

  it('keeps to requests and tokens per minute', async () => {
    let t = 0;
    const limiter = new AdaptiveLimiter({ maxConcurrency: 10, rpm: 2, tpm: 100, now: () => t });
    const signal = new AbortController().signal;
    await limiter.acquire(10, signal);
    limiter.release();
    await limiter.acquire(10, signal);
    limiter.release();
    const abort = new AbortController();
    const third = limiter.acquire(10, abort.signal);
    abort.abort();
    await expect(third).rejects.toThrow();
    t = 60_001;
    await limiter.acquire(95, signal);
    limiter.release();
    const over = new AbortController();
    const tooMany = limiter.acquire(10, over.signal);
    over.abort();
    await expect(tooMany).rejects.toThrow();
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds, as an HTTP date, and prefers retry-after-ms', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5', 'retry-after-ms': '120' }))).toBe(120);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfterMs(new Headers({}))).toBeNull();
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(1, defaultRetryPolicy, () => 1)).toBe(1000);
    expect(backoffMs(3, defaultRetryPolicy, () => 1)).toBe(4000);
    expect(backoffMs(30, defaultRetryPolicy, () => 1)).toBe(60_000);
    expect(backoffMs(3, defaultRetryPolicy, () => 0.25)).toBe(1000);
  });
});
