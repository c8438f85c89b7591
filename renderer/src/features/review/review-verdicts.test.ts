import { describe, expect, it } from 'vitest';
import type { Review, Triplet } from '@shared/contract';
import { completeVerdicts, noVerdicts, ownVerdictNote, quickVerdict, splitReviews } from './review-verdicts';

const pass = { verdict: 'pass' as const, reason: null, comment: '' };
const review = (id: number, round: number, checker: string): Review => ({
  id, round, checker, checkerName: checker, verdicts: { perception: pass, knowledge: pass }, passed: true, at: '2026-01-01', guidelineVersion: null, replies: [],
});
const draft = { text: '', options: ['', ''], answer: null, rationale: '' };
const triplet = (p: Partial<Triplet>): Triplet => ({
  itemId: 1, datasetId: 1, extId: 'q1', source: null, category: null, status: 'in_review', version: 3, round: 2, images: [], origin: null,
  draft: { perception: draft, knowledge: draft }, assignment: null, reviews: [], hiddenReviews: 0,
  can: { edit: false, submit: false, review: true, override: false, reply: false }, guidelineVersion: null, roundDiff: null, submitted: null,
  myTimeMs: 0, upcoming: [], provenance: { kind: 'human', editShare: null, endpoint: null, model: null, draftedAt: null }, ...p,
});

describe('a checker’s verdicts', () => {
  it('are complete only with one on each question', () => {
    expect(completeVerdicts(noVerdicts)).toBeNull();
    expect(completeVerdicts({ perception: pass, knowledge: null })).toBeNull();
    expect(completeVerdicts({ perception: pass, knowledge: pass })).toEqual({ perception: pass, knowledge: pass });
  });

  it('given by key keep the comment, drop the reason, and a pass on perception moves on to knowledge', () => {
    const typed = { perception: { verdict: 'problematic' as const, reason: 'grammar' as const, comment: 'typo in B' }, knowledge: null };
    const passed = quickVerdict(typed, 'perception', 'pass');
    expect(passed.pending.perception).toEqual({ verdict: 'pass', reason: null, comment: 'typo in B' });
    expect(passed.active).toBe('knowledge');
    const flagged = quickVerdict(noVerdicts, 'perception', 'problematic');
    expect(flagged.active).toBe('perception');
    expect(quickVerdict(noVerdicts, 'knowledge', 'pass').active).toBe('knowledge');
  });

  it('set apart the checker’s own review of this round from the others they may see', () => {
    const t = triplet({ round: 2, reviews: [review(1, 1, 'me'), review(2, 2, 'me'), review(3, 2, 'other')] });
    const { mine, others } = splitReviews(t, 'me');
    expect(mine.map((r) => r.id)).toEqual([2]);
    expect(others.map((r) => r.id)).toEqual([1, 3]);
    expect(splitReviews(undefined, 'me')).toEqual({ mine: [], others: [] });
  });

  it('say whether the other checker still has to give theirs', () => {
    expect(ownVerdictNote(triplet({ round: 2, reviews: [review(2, 2, 'me')] }))).toBe('You gave your verdict for round 2; the other checker has not yet.');
    expect(ownVerdictNote(triplet({ round: 2, reviews: [review(2, 2, 'me'), review(3, 2, 'other')] }))).toBe('You gave your verdict for round 2.');
    expect(ownVerdictNote(triplet({ round: 2, hiddenReviews: 1, reviews: [review(2, 2, 'me')] }))).toBe('You gave your verdict for round 2.');
  });
});
