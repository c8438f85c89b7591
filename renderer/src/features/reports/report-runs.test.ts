import { describe, expect, it } from 'vitest';
import { comparePartner, landingRun, steppedRun } from './report-runs';

// Newest first, as runs.list returns them.
const runs = [
  { id: 9, status: 'running', datasetId: 1 },
  { id: 8, status: 'done', datasetId: 2 },
  { id: 7, status: 'done', datasetId: 1 },
  { id: 6, status: 'failed', datasetId: 1 },
];

describe('choosing runs on the Reports screen', () => {
  it('lands on the newest finished run, else the newest', () => {
    expect(landingRun(runs)?.id).toBe(8);
    expect(landingRun([runs[0]!, runs[3]!])?.id).toBe(9);
    expect(landingRun([])).toBeUndefined();
  });

  it('compares the open run with the newest other run on the same dataset', () => {
    expect(comparePartner(runs, runs[2]!)?.id).toBe(9);
    expect(comparePartner(runs, runs[1]!)).toBeUndefined();
  });

  it('steps through the list and stops at its ends', () => {
    expect(steppedRun(runs, 8, 1).id).toBe(7);
    expect(steppedRun(runs, 8, -1).id).toBe(9);
    expect(steppedRun(runs, 9, -1).id).toBe(9);
    expect(steppedRun(runs, 6, 1).id).toBe(6);
    expect(steppedRun(runs, 42, 1).id).toBe(8);
  });
});
