import { describe, expect, it } from 'vitest';
import { idealMilliseconds, type IdealClient } from './fault-ceiling';

const oneSlot: IdealClient = { concurrency: 1, attemptMs: 100, retryAfterMs: 1000, failureWaitMs: 0 };

describe('the ideal client the fault bench measures against', () => {
  it('keeps every slot busy with fresh questions', () => {
    expect(idealMilliseconds([['ok'], ['ok'], ['ok'], ['ok']], { ...oneSlot, concurrency: 2 })).toBe(200);
  });

  it('asks fresh questions while a 429 waits out its Retry-After, then waits with nothing left to ask', () => {
    // q0: 429 at 100, due at 1100; q1 answered 100–200; the slot idles until q0's retry answers at 1200.
    expect(idealMilliseconds([['429', 'ok'], ['ok']], oneSlot)).toBe(1200);
    expect(idealMilliseconds([['429', 'ok'], ['ok']], { ...oneSlot, retryAfterMs: 0 })).toBe(300);
  });

  it('retries a failure before fresh questions, and a question that gave up ends at its last attempt', () => {
    expect(idealMilliseconds([['500', 'ok'], ['ok']], oneSlot)).toBe(300);
    expect(idealMilliseconds([['reset', '500'], ['ok']], { ...oneSlot, failureWaitMs: 50 })).toBe(300);
  });
});
