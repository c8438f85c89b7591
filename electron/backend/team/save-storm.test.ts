import { describe, expect, it } from 'vitest';
import { runSaveStorm } from '../../../bench/save-storm';

describe('concurrent saves over HTTP', () => {
  // The same harness as `npm run bench concurrent-saves` (10 users, 60 s), with a fixed number of saves instead of a
  // duration so that what it checks is the same on a fast machine and a loaded one.
  it('loses no acknowledged write and keeps every refused one, with 10 users racing in two tabs each', async () => {
    const r = await runSaveStorm({ users: 10, savesPerTab: 6 });
    expect(r.otherErrors).toEqual([]);
    expect(r.lost).toEqual([]);
    expect(r.attempts).toBe(10 * 2 + 10 * 2 * 6);
    expect(r.saves + r.conflicts).toBe(r.attempts);
    // Each user's opening pair: one acknowledged, one refused, whatever the timing.
    expect(r.saves).toBeGreaterThanOrEqual(10);
    expect(r.conflicts).toBeGreaterThanOrEqual(10);
  }, 300_000);
});
