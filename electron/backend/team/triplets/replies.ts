import type { DraftRole, ReviewReply } from '@shared/contract';
import { onItem, type Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { itemState } from '../assignment/store/assignments';
import { insertReply, reviewOwner } from './store/replies';
import { reviewVisibility } from './review-visibility';

/**
 * A reply in the thread under one question of a checker's verdict. Only the people on the triplet (annotator, its two
 * checkers) and leads may reply, and only to a verdict they may already see: blind review holds for threads too.
 */
export function replyToReview(db: Db, actor: Actor | null, input: { reviewId: number; role: DraftRole; body: string }, now: Date): ReviewReply {
  if (!actor) throw new AppError('forbidden', 'choose a profile before you reply: a reply is signed by a person');
  const body = input.body.trim();
  if (!body) throw new AppError('invalid_input', 'write something before sending the reply');
  return db.transaction(() => {
    const review = reviewOwner(db, input.reviewId);
    if (!review) throw new AppError('not_found', `there is no review ${input.reviewId}`);
    const state = itemState(db, review.itemId);
    if (!onItem(actor, state.assignment)) throw new AppError('forbidden', 'only the triplet\'s annotator, its two checkers and leads can reply to its reviews');
    if (!reviewVisibility(db, actor, state)(review)) {
      throw new AppError('forbidden', 'this verdict is still hidden from you (blind review); you can reply once the round is closed');
    }
    const reply = insertReply(db, input.reviewId, input.role, actor.id, body, now.toISOString());
    appendRevision(db, 'triplet', review.itemId, actor.id, now, 'reply', { reviewId: input.reviewId, role: input.role, round: review.round, checker: review.checker, body });
    return reply;
  })();
}
