import { describe, expect, it } from 'vitest';
import type { Review, Triplet } from '@shared/contract';
import { issuesNotice, lockReason, notesToAnswer, optionIndexForKey, saveLabel } from './annotate-status';
import { keepsWorkingCopy, retryDelay } from './save-retry';

const draft = { text: '', options: ['', ''], answer: null, rationale: '' };
const pass = { verdict: 'pass' as const, reason: null, comment: '' };
const review = (id: number, round: number): Review => ({
  id, round, checker: `c${id}`, checkerName: `C${id}`, verdicts: { perception: pass, knowledge: pass }, passed: true, at: '2026-01-01', guidelineVersion: null, replies: [],
});
const triplet = (p: Partial<Triplet>): Triplet => ({
  itemId: 1, datasetId: 1, extId: 'q1', source: null, category: null, status: 'annotating', version: 3, round: 0, images: [], origin: null,
  draft: { perception: draft, knowledge: draft }, assignment: { annotator: 'ann', checkers: ['c1', 'c2'] }, reviews: [], hiddenReviews: 0,
  can: { edit: true, submit: true, review: false, override: false, reply: false }, guidelineVersion: null, roundDiff: null, submitted: null,
  myTimeMs: 0, upcoming: [], provenance: { kind: 'human', editShare: null, endpoint: null, model: null, draftedAt: null }, ...p,
});

describe('the annotate screen in words', () => {
  it('names the save state, with the version once saved', () => {
    expect(saveLabel('saved', 4)).toBe('Saved · v4');
    expect(saveLabel('saved', null)).toBe('Saved');
    expect(saveLabel('dirty', 4)).toBe('Unsaved changes');
    expect(saveLabel('offline', 4)).toMatch(/^Server unreachable/);
  });

  it('shows the checkers’ notes of the latest round only while the item is back with the annotator', () => {
    const reviews = [review(1, 1), review(2, 1), review(3, 2)];
    expect(notesToAnswer(triplet({ status: 'returned', reviews })).map((r) => r.id)).toEqual([3]);
    expect(notesToAnswer(triplet({ status: 'resubmitted', reviews })).map((r) => r.id)).toEqual([3]);
    expect(notesToAnswer(triplet({ status: 'accepted', reviews }))).toEqual([]);
    expect(notesToAnswer(undefined)).toEqual([]);
  });

  it('says why an item is read-only', () => {
    expect(lockReason(triplet({ status: 'accepted' }), 'ann')).toMatch(/^Accepted/);
    expect(lockReason(triplet({ status: 'submitted' }), 'someone')).toMatch(/assigned to someone else/);
    expect(lockReason(triplet({ status: 'submitted' }), 'ann')).toMatch(/^Submitted/);
  });

  it('counts what is left to fix in the singular and plural', () => {
    expect(issuesNotice(1)).toBe('1 thing to fix before submitting.');
    expect(issuesNotice(3)).toBe('3 things to fix before submitting.');
  });

  it('maps digit keys to the options the question has', () => {
    expect(optionIndexForKey('1', 4)).toBe(0);
    expect(optionIndexForKey('4', 4)).toBe(3);
    expect(optionIndexForKey('5', 4)).toBeNull();
    expect(optionIndexForKey('0', 4)).toBeNull();
    expect(optionIndexForKey(undefined, 4)).toBeNull();
  });
});

describe('the triplet editor’s saving rules', () => {
  it('retries quickly at first, then every ten seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('keeps the working copy for the same item while it is unsaved or the server is not newer', () => {
    const t = triplet({ itemId: 1, version: 5 });
    expect(keepsWorkingCopy({ itemId: 1, version: 5 }, false, t)).toBe(true);
    expect(keepsWorkingCopy({ itemId: 1, version: 6 }, false, t)).toBe(true);
    expect(keepsWorkingCopy({ itemId: 1, version: 4 }, true, t)).toBe(true);
    // The server moved on and nothing is unsaved: adopt its copy.
    expect(keepsWorkingCopy({ itemId: 1, version: 4 }, false, t)).toBe(false);
    // Another item, or nothing loaded yet: always adopt.
    expect(keepsWorkingCopy({ itemId: 2, version: 9 }, true, t)).toBe(false);
    expect(keepsWorkingCopy(null, false, t)).toBe(false);
  });
});
