import { describe, expect, it } from 'vitest';
import { runSaveStorm } from '../../../bench/save-storm';

describe('concurrent saves over HTTP', () => {
  // The same harness as `npm run bench concurrent-saves` (10 users, 60 s), shorter so the suite stays quick.
  it('loses no acknowledged write and keeps every refused one, with 10 users racing in two tabs each', async () => {
    const r = await runSaveStorm({ users: 10, seconds: 4 });
    expect(r.otherErrors).toEqual([]);
    expect(r.lost).toEqual([]);
    expect(r.saves).toBeGreaterThan(50);
    expect(r.conflicts).toBeGreaterThan(0);
  });
});
