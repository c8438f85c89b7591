import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter } from './limiter';
import { backoffMs, defaultRetryPolicy, retryWait } from './ask';
import { RequestError, retryAfterMs } from './client';
import { durationMs, readRateBudget } from './rate-headers';

describe('AdaptiveLimiter', () => {
  it('lets one 429 wait alone, and halves only on sustained 429s, once per window, climbing back per window of successes', () => {
    let t = 0;
    const limiter = new AdaptiveLimiter({ maxConcurrency: 8, rpm: null, tpm: null, now: () => t });
    for (let i = 0; i < 20; i++) limiter.success();
    limiter.rateLimited(1000);
    expect(limiter.concurrency).toBe(8); // one 429 among successes: that request waits, nobody else
    expect(limiter.waitingMs()).toBe(0);
    for (let i = 0; i < 5; i++) limiter.rateLimited(1000);
    expect(limiter.concurrency).toBe(4); // over a quarter of recent outcomes: sustained
    expect(limiter.waitingMs()).toBe(1000);
    limiter.rateLimited(1000); // the same burst: the window starts afresh, not halved again
    expect(limiter.concurrency).toBe(4);
    t = 2000;
    for (let i = 0; i < 8; i++) limiter.rateLimited(300);
    expect(limiter.concurrency).toBe(2);
    for (let i = 0; i < 2; i++) limiter.success();
    expect(limiter.concurrency).toBe(3);
    for (let i = 0; i < 3 + 4 + 5 + 6 + 7; i++) limiter.success();
    expect(limiter.concurrency).toBe(8);
    limiter.success();
    expect(limiter.concurrency).toBe(8);
  });

  it('holds every sender while the server says its budget is spent, until the window resets', () => {
    const t = 0;
    const limiter = new AdaptiveLimiter({ maxConcurrency: 4, rpm: null, tpm: null, now: () => t });
    limiter.observe(readRateBudget(new Headers({ 'x-ratelimit-remaining-requests': '12', 'x-ratelimit-reset-requests': '1s' })));
    expect(limiter.waitingMs()).toBe(0);
    limiter.observe(readRateBudget(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1m0.5s' })));
    expect(limiter.waitingMs()).toBe(60_500);
    limiter.observe(readRateBudget(new Headers({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '90s' })));
    expect(limiter.waitingMs()).toBe(90_000);
    expect(readRateBudget(new Headers({ 'content-type': 'application/json' }))).toBeNull();
    expect([durationMs('20ms'), durationMs('1h2m3s'), durationMs('2'), durationMs('soon')]).toEqual([20, 3_723_000, 2000, null]);
  });

  it('holds a request until a slot frees', async () => {
    const limiter = new AdaptiveLimiter({ maxConcurrency: 1, rpm: null, tpm: null });
    const signal = new AbortController().signal;
    await limiter.acquire(1, signal);
    let second = false;
    const waiting = limiter.acquire(1, signal).then(() => (second = true));
    // Every promise and timer due now has run by the next turn of the event loop: a granted slot would show here.
    await new Promise((r) => setImmediate(r));
    expect(second).toBe(false);
    limiter.release();
    await waiting;
    expect(second).toBe(true);
  });

  it('gives a waiting retry the next free slot before fresh requests that waited longer', async () => {
    const limiter = new AdaptiveLimiter({ maxConcurrency: 1, rpm: null, tpm: null });
    const signal = new AbortController().signal;
    await limiter.acquire(1, signal);
    const order: string[] = [];
    const fresh = limiter.acquire(1, signal).then(() => order.push('fresh'));
    const retry = limiter.acquire(1, signal, true).then(() => order.push('retry'));
    // Every promise and timer due now has run by the next turn of the event loop: whoever got the slot shows here.
    limiter.release();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['retry']);
    limiter.release();
    await Promise.all([retry, fresh]);
    expect(order).toEqual(['retry', 'fresh']);
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

  it('waits a tenth of the first step while the endpoint mostly answers, whatever the attempt; the steps grow once failures are the majority', () => {
    const limiter = new AdaptiveLimiter({ maxConcurrency: 8, rpm: null, tpm: null });
    for (let i = 0; i < 12; i++) limiter.success();
    const fault = new RequestError('server', '500 internal server error');
    const counts = { failures: 3, rateLimited: 0 };
    // The 4th failure of one request on an endpoint that answers most requests: a passing fault, not an outage, so the
    // run's last questions do not wait up to a second each behind idle slots.
    expect(retryWait(fault, counts, limiter, defaultRetryPolicy, () => 1)).toBe(100);
    expect(retryWait(new RequestError('server', '503', 2000), { failures: 1, rateLimited: 0 }, limiter, defaultRetryPolicy, () => 1)).toBe(2000);
    counts.failures = 3;
    for (let i = 0; i < 16; i++) limiter.failed();
    expect(limiter.healthy()).toBe(false);
    counts.failures = 2;
    expect(retryWait(fault, counts, limiter, defaultRetryPolicy, () => 1)).toBe(4000);
    expect(retryWait(fault, counts, limiter, defaultRetryPolicy, () => 1)).toBe(8000);
    expect(retryWait(fault, counts, limiter, defaultRetryPolicy, () => 1)).toBeNull(); // the 5th failure gives up
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(1, defaultRetryPolicy, () => 1)).toBe(1000);
    expect(backoffMs(3, defaultRetryPolicy, () => 1)).toBe(4000);
    expect(backoffMs(30, defaultRetryPolicy, () => 1)).toBe(60_000);
    expect(backoffMs(3, defaultRetryPolicy, () => 0.25)).toBe(1000);
  });
});
