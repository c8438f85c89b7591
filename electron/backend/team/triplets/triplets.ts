import type { Review, Triplet, TripletDraft } from '@shared/contract';
import { editRefusal, mayReadDraft, onItem, reviewRefusal, type Actor } from '@shared/domain/permissions';
import { nextStatus, TransitionError, type OverrideTarget } from '@shared/domain/triplet-state';
import { emptyDraft, tripletIssues } from '@shared/domain/triplet-validation';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { getItem } from '../../items/items';
import { deleteAssignment, itemState, setItemWorkflow, setStatus, type ItemState } from '../assignment/store/assignments';
import { originText } from './store/drafts';
import { draftOfRevision } from './store/revisions';
import { reviewRows } from './store/reviews';
import { readDraft, writeDraft } from './drafts';
import { upcomingItems } from '../assignment/queues';
import { latestGuidelineVersion } from '../guidelines/store/guidelines';
import { repliesOfItem } from './store/replies';
import { reviewVisibility } from './review-visibility';
import { diffOfRound, submissionsOf } from './submissions';
import { personItemTime } from '../assignment/store/time';
import { addWorkTime } from '../assignment/work-time';
import type { TimeDelta } from '@shared/contract';
import { noteSavedText, provenanceOf, recordModelDraft } from '../drafting/provenance';
import { requireDraftChecked } from '../drafting/draft-check';

export const transition = (...args: Parameters<typeof nextStatus>) => {
  try {
    return nextStatus(...args);
  } catch (error) {
    if (error instanceof TransitionError) throw new AppError('conflict', error.message);
    throw error;
  }
};

/** Every verdict on an item with its reply threads, by round. */
export function reviewsOf(db: Db, itemId: number): Review[] {
  const rows = reviewRows(db, itemId);
  const replies = repliesOfItem(db, itemId);
  return rows.map((r) => ({
    id: r.id, round: r.round, checker: r.checker_id, checkerName: r.display_name ?? r.checker_id,
    verdicts: r.verdicts, passed: r.passed === 1, at: r.at,
    guidelineVersion: r.guideline_version, replies: replies.filter((p) => p.reviewId === r.id),
  }));
}

/**
 * The text a caller sees: the working copy where `mayReadDraft` allows; for a checker of a triplet back with its
 * annotator, the last submission (the version their verdict was given on) rather than an empty form; else nothing.
 */
function draftFor(db: Db, itemId: number, actor: Actor | null, state: ItemState): Pick<Triplet, 'draft' | 'submitted'> {
  if (mayReadDraft(actor, state.assignment, state.status)) return { draft: readDraft(db, itemId), submitted: null };
  const last = onItem(actor, state.assignment) ? submissionsOf(db, itemId).at(-1) : undefined;
  if (!last) return { draft: { perception: emptyDraft(), knowledge: emptyDraft() }, submitted: null };
  return { draft: last.draft, submitted: { round: last.round, version: last.version, at: last.at } };
}

/**
 * What one caller sees of a triplet. Independence: a checker sees this round's other verdict only once both are in;
 * the annotator sees them once the round is closed; a lead sees everything.
 */
export function getTriplet(db: Db, itemId: number, actor: Actor | null): Triplet {
  const item = getItem(db, itemId);
  const state = itemState(db, itemId);
  const origin = item.questions.find((q) => q.role === 'origin') ?? null;
  const all = reviewsOf(db, itemId);
  const alreadyReviewed = actor !== null && all.some((r) => r.round === state.round && r.checker === actor.id);
  const onIt = onItem(actor, state.assignment);
  // Threads belong to the people on the item; others (who may see verdicts) do not read the conversation.
  const reviews = all.filter(reviewVisibility(db, actor, state)).map((r) => (onIt ? r : { ...r, replies: [] }));
  return {
    itemId, datasetId: item.datasetId, extId: item.extId, source: item.source, category: item.category, status: state.status,
    version: state.version, round: state.round, images: item.images,
    origin: origin ? { text: origin.text, hint: origin.hint, options: origin.options, answer: origin.answer } : null,
    ...draftFor(db, itemId, actor, state),
    assignment: state.assignment,
    reviews,
    hiddenReviews: all.length - reviews.length,
    can: {
      edit: actor !== null && editRefusal(actor, state.assignment, state.status) === null,
      submit: actor !== null && editRefusal(actor, state.assignment, state.status) === null,
      review: actor !== null && reviewRefusal(actor, state.assignment, state.status, alreadyReviewed) === null,
      override: actor === null || actor.roles.includes('lead'),
      reply: actor !== null && onIt,
    },
    guidelineVersion: latestGuidelineVersion(db, state.datasetId),
    roundDiff: onIt && state.round >= 2 ? diffOfRound(db, itemId, state.round) : null,
    myTimeMs: actor ? personItemTime(db, itemId, actor.id) : 0,
    upcoming: actor ? upcomingItems(db, actor, state) : [],
    provenance: provenanceOf(db, itemId),
  };
}

function requireActor(actor: Actor | null, what: string): Actor {
  if (!actor) throw new AppError('forbidden', `choose a profile before you ${what}`);
  return actor;
}

export type SaveResult = { version: number; status: Triplet['status'] };

/** A model's draft saved at a person's request: the revision is the model's (`model:<endpoint>`), asked for by the person. */
export interface ModelAuthor { endpoint: string; model: string }

/**
 * Saves both questions as one new revision. A save based on an older version is refused, and what it carried is
 * kept as a `conflict` revision (outside the refused transaction) so the text can be merged later, never lost.
 * With `drafted`, the text is a model's draft: the revision is attributed to the model and the triplet's provenance
 * starts over from it; any other save measures how much of the last model draft it changed.
 */
export function saveTriplet(
  db: Db, actorIn: Actor | null, input: { itemId: number; baseVersion: number; draft: TripletDraft; submit?: boolean; time?: TimeDelta | undefined }, now: Date,
  drafted?: ModelAuthor,
): SaveResult {
  const actor = requireActor(actorIn, input.submit ? 'submit' : 'save');
  const at = now.toISOString();
  const outcome = db.transaction((): SaveResult | { stale: ItemState } => {
    const state = itemState(db, input.itemId);
    const refusal = editRefusal(actor, state.assignment, state.status);
    if (refusal) throw new AppError('forbidden', refusal);
    if (state.version !== input.baseVersion) return { stale: state };
    let status = state.status;
    let round = state.round;
    if (input.submit) {
      const issues = tripletIssues(input.draft, originText(db, input.itemId));
      if (issues.length > 0) {
        throw new AppError('invalid_input', `cannot submit yet: ${issues.map((i) => `${i.role} ${i.field}: ${i.message}`).join('; ')}`);
      }
      status = transition(state.status, { type: 'submit' });
      round = state.round + 1;
    }
    writeDraft(db, input.itemId, input.draft, at);
    // Checked against the text just written: a refusal rolls it back with the submission.
    if (input.submit) requireDraftChecked(db, input.itemId, state.datasetId);
    if (drafted) recordModelDraft(db, input.itemId, { ...drafted, user: actor.id }, input.draft, at);
    else noteSavedText(db, input.itemId, input.draft);
    // Counted only with a save that lands: a refused one leaves the delta with the client, which sends it again.
    if (input.time) addWorkTime(db, input.time, input.itemId, actor.id, 'annotate', now);
    const version = state.version + 1;
    const guidelineVersion = latestGuidelineVersion(db, state.datasetId);
    setItemWorkflow(db, input.itemId, version, status, round);
    const author = drafted ? `model:${drafted.endpoint}` : actor.id;
    appendRevision(db, 'triplet', input.itemId, author, now, 'save', {
      version, draft: input.draft, guidelineVersion, ...(drafted ? { drafted: { ...drafted, for: actor.id } } : {}),
    });
    if (input.submit) appendRevision(db, 'triplet', input.itemId, actor.id, now, 'submit', { version, round, guidelineVersion });
    return { version, status };
  })();
  if ('stale' in outcome) {
    const kept = appendRevision(db, 'triplet', input.itemId, actor.id, now, 'conflict', {
      baseVersion: input.baseVersion, currentVersion: outcome.stale.version, draft: input.draft,
    });
    throw new AppError('conflict', `Someone saved this triplet after you opened it (you edited version ${input.baseVersion}; it is now at ${outcome.stale.version}). `
      + `Your text is kept as revision #${kept}: compare it with theirs, merge, and save again.`);
  }
  return outcome;
}

/** Restores an earlier revision's text as a new revision (nothing is rewritten). */
export function restoreRevision(db: Db, actor: Actor | null, input: { itemId: number; revisionId: number; baseVersion: number }, now: Date): SaveResult {
  const draft = draftOfRevision(db, input.revisionId, input.itemId);
  if (!draft) throw new AppError('not_found', `revision ${input.revisionId} holds no text of item ${input.itemId}`);
  return saveTriplet(db, actor, { itemId: input.itemId, baseVersion: input.baseVersion, draft }, now);
}

/** A lead moves a triplet anywhere, with a reason that is kept. Back to unassigned drops its assignment. */
export function overrideStatus(db: Db, actor: Actor | null, input: { itemId: number; to: OverrideTarget; reason: string }, now: Date): SaveResult {
  if (actor && !actor.roles.includes('lead')) throw new AppError('forbidden', 'only a lead can override a triplet\'s state');
  if (!input.reason.trim()) throw new AppError('invalid_input', 'say why you override the state');
  return db.transaction(() => {
    const state = itemState(db, input.itemId);
    const to = transition(state.status, { type: 'override', to: input.to });
    if (to !== 'unassigned' && !state.assignment) throw new AppError('conflict', 'assign the item before moving it on');
    if (to === 'unassigned') deleteAssignment(db, input.itemId);
    // Returned work comes back to the same checkers in a new round once resubmitted.
    setStatus(db, input.itemId, to);
    appendRevision(db, 'triplet', input.itemId, actor?.id ?? null, now, 'override', { from: state.status, to, reason: input.reason });
    return { version: state.version, status: to };
  })();
}
