import type { DraftRole, Review, Triplet, TripletVerdicts, Verdict } from '@shared/contract';

/** The verdicts a checker has given so far on this item's two questions. */
export type Pending = Record<DraftRole, Verdict | null>;
export const noVerdicts: Pending = { perception: null, knowledge: null };

/** Both verdicts when both are given, else null (a review needs one on each question). */
export function completeVerdicts(pending: Pending): TripletVerdicts | null {
  return pending.perception && pending.knowledge ? (pending as TripletVerdicts) : null;
}

/**
 * A verdict given by key on the active question: it keeps the comment typed so far and drops any reason; a pass on
 * perception moves on to knowledge.
 */
export function quickVerdict(pending: Pending, active: DraftRole, verdict: 'pass' | 'problematic'): { pending: Pending; active: DraftRole } {
  const next = { ...pending, [active]: { verdict, reason: null, comment: pending[active]?.comment ?? '' } };
  return { pending: next, active: verdict === 'pass' && active === 'perception' ? 'knowledge' : active };
}

/** The checker's own reviews of this round, and every other review they may see. */
export function splitReviews(t: Triplet | undefined, userId: string | undefined): { mine: Review[]; others: Review[] } {
  const isMine = (r: Review) => r.round === t?.round && r.checker === userId;
  return { mine: t?.reviews.filter(isMine) ?? [], others: t?.reviews.filter((r) => !isMine(r)) ?? [] };
}

/** The note after one's own verdict: whether the other checker still has to give theirs. */
export function ownVerdictNote(t: Triplet): string {
  const othersPending = t.hiddenReviews === 0 && t.reviews.filter((r) => r.round === t.round).length < 2;
  return `You gave your verdict for round ${t.round}${othersPending ? '; the other checker has not yet.' : '.'}`;
}
