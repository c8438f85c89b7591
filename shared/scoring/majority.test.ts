import { describe, expect, it } from 'vitest';
import { majorityVote } from './majority';

const t = (label: string | null, correct = label === 'A') => ({ label, correct });

describe('majority vote over repeated trials (VRPTest)', () => {
  it('takes the most frequent answer and reports the share agreeing with it', () => {
    expect(majorityVote([t('B'), t('A'), t('A'), t('C'), t('A')])).toEqual({ label: 'A', correct: true, agreeing: 3, agreement: 0.6, tie: false });
    expect(majorityVote([t('A'), t('B'), t('B'), t('B'), t('A')])).toEqual({ label: 'B', correct: false, agreeing: 3, agreement: 0.6, tie: false });
  });

  it('counts an unreadable reply as a vote for no answer', () => {
    expect(majorityVote([t(null), t('A'), t(null)])).toEqual({ label: null, correct: false, agreeing: 2, agreement: 2 / 3, tie: false });
  });

  it('breaks a tie by the earliest trial, whatever the labels are', () => {
    expect(majorityVote([t('C'), t('A'), t('A'), t('C'), t('B')])).toEqual({ label: 'C', correct: false, agreeing: 2, agreement: 0.4, tie: true });
    expect(majorityVote([t('A'), t('C'), t('C'), t('A')])).toEqual({ label: 'A', correct: true, agreeing: 2, agreement: 0.5, tie: true });
  });

  it('is the one answer of a single trial', () => {
    expect(majorityVote([t('A')])).toEqual({ label: 'A', correct: true, agreeing: 1, agreement: 1, tie: false });
  });
});
