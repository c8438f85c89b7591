import { describe, expect, it } from 'vitest';
import { runEnding, runEndingLabel } from './run-ending';

describe('how a run ended', () => {
  it('tells done, done with errors and failed apart; a run with every request failed is failed', () => {
    expect(runEnding({ status: 'done', answered: 10, errors: 0 })).toBe('done');
    expect(runEnding({ status: 'done', answered: 8, errors: 2 })).toBe('done_with_errors');
    expect(runEnding({ status: 'done', answered: 0, errors: 10 })).toBe('failed');
    expect(runEnding({ status: 'failed', answered: 3, errors: 0 })).toBe('failed');
    expect(runEnding({ status: 'paused', answered: 3, errors: 1 })).toBeNull();
    expect(runEndingLabel('done_with_errors', 2)).toBe('Finished with 2 errors');
    expect(runEndingLabel('done_with_errors', 1)).toBe('Finished with 1 error');
  });
});
