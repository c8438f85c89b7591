import type { ItemStatus, TimeDelta, TripletVerdicts } from '@shared/contract';
import { reviewRefusal, type Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import { insertReview, verdictsOfRound } from './store/reviews';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { itemState, setStatus } from '../assignment/store/assignments';
import { transition } from './triplets';
import { latestGuidelineVersion } from '../guidelines/store/guidelines';
import { addWorkTime } from '../assignment/work-time';

function checkVerdicts(verdicts: TripletVerdicts): void {
  for (const [role, v] of Object.entries(verdicts)) {
    if (v.verdict === 'problematic' && !v.reason) throw new AppError('invalid_input', `${role}: pick a reason for "Problematic"`);
    if (v.verdict === 'problematic' && v.reason === 'other' && !v.comment.trim()) {
      throw new AppError('invalid_input', `${role}: say what is wrong in the comment when the reason is "other"`);
    }
  }
}

/**
 * One checker's verdicts for the current round. The first moves the triplet into review; the second closes the
 * round: accepted when both checkers passed both questions, otherwise returned to the annotator with the comments.
 */
export function submitReview(db: Db, actor: Actor | null, input: { itemId: number; verdicts: TripletVerdicts; time?: TimeDelta | undefined },
  now: Date): { status: ItemStatus } {
  if (!actor) throw new AppError('forbidden', 'choose a profile before you review');
  checkVerdicts(input.verdicts);
  return db.transaction(() => {
    const state = itemState(db, input.itemId);
    const given = verdictsOfRound(db, input.itemId, state.round);
    const refusal = reviewRefusal(actor, state.assignment, state.status, given.some((g) => g.checker_id === actor.id));
    if (refusal) throw new AppError('forbidden', refusal);
    const passed = input.verdicts.perception.verdict === 'pass' && input.verdicts.knowledge.verdict === 'pass';
    insertReview(db, {
      itemId: input.itemId, round: state.round, checker: actor.id, verdicts: JSON.stringify(input.verdicts), passed,
      at: now.toISOString(), guidelineVersion: latestGuidelineVersion(db, state.datasetId),
    });
    if (input.time) addWorkTime(db, input.time, input.itemId, actor.id, 'review', now);
    // Only the two current checkers count: a verdict from someone reassigned away no longer decides.
    const counted = given.filter((g) => state.assignment!.checkers.includes(g.checker_id));
    const status = transition(state.status, counted.length === 0
      ? { type: 'firstVerdict' }
      : { type: 'secondVerdict', bothPassed: passed && counted.every((g) => g.passed === 1) });
    setStatus(db, input.itemId, status);
    appendRevision(db, 'triplet', input.itemId, actor.id, now, 'review', { round: state.round, passed, status });
    return { status };
  })();
}
