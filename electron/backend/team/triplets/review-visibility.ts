import { maySeeCurrentVerdicts, type Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import { reviewersOfRound } from './store/reviews';
import type { ItemState } from '../assignment/store/assignments';

/**
 * Which verdicts `actor` may see on an item (blind review): every earlier round, their own, and this round's others
 * once `maySeeCurrentVerdicts` allows. One predicate for the triplet view, its history and replies.
 */
export function reviewVisibility(db: Db, actor: Actor | null, state: ItemState): (review: { round: number; checker: string | null }) => boolean {
  const reviewedBy = reviewersOfRound(db, state.id, state.round);
  const seesAll = maySeeCurrentVerdicts(actor, state.assignment, { round: state.round, status: state.status, reviewedBy });
  return (review) => seesAll || review.round !== state.round || (actor !== null && review.checker === actor.id);
}
