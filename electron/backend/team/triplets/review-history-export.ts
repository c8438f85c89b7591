import type { Db } from '../../db/open';
import { writeAtomically } from '../../formats/write-lines';
import { reviewsOf } from './triplets';
import type { ExportSelection } from '../../formats/export-items';
import { overriddenItems } from '../../items/review-state';
import { roundDiff } from '@shared/domain/round-diff';
import { submissionsOf } from './submissions';
import { listGuidelines } from '../guidelines/store/guidelines';
import { itemTimes } from '../assignment/store/time';
import { assignedItems } from './store/review-history';
import { overridesOf, saveCount } from './store/revisions';
import { itemState } from '../assignment/store/assignments';
import { reviewVisibility } from './review-visibility';
import type { Actor } from '@shared/domain/permissions';
import { provenanceOf } from '../drafting/provenance';

/** Active time on one triplet: the annotator's, and each checker's (milliseconds). */
function timeSpent(db: Db, itemId: number): { annotate_ms: number; review_ms: Record<string, number> } {
  const rows = itemTimes(db, itemId);
  const annotate = rows.filter((r) => r.kind === 'annotate').reduce((sum, r) => sum + r.ms, 0);
  return { annotate_ms: annotate, review_ms: Object.fromEntries(rows.filter((r) => r.kind === 'review').map((r) => [r.user, r.ms])) };
}

/** Where the triplet's questions came from (METHODS §10): `human`, or the model and the share of its words changed. */
function provenanceField(db: Db, itemId: number) {
  const p = provenanceOf(db, itemId);
  return { kind: p.kind, edit_share: p.editShare, endpoint: p.endpoint, model: p.model, drafted_at: p.draftedAt };
}

/** Each round's submitted text with the guidelines version it was written under, and what changed from the round before. */
function rounds(db: Db, itemId: number) {
  const submissions = submissionsOf(db, itemId);
  return {
    submissions: submissions.map((s) => ({ round: s.round, at: s.at, guideline_version: s.guidelineVersion, ...s.draft })),
    // Rounds are consecutive (every submission opens the next), so each diff compares a submission with the one before.
    round_diffs: submissions.slice(1).map((s, i) => roundDiff(submissions[i]!, s)),
  };
}

/** An item's verdicts as `reader` may see them: blind review holds here too (`reviewVisibility`, DECISIONS 102). */
function visibleReviews(db: Db, itemId: number, reader: Actor | null) {
  return reviewsOf(db, itemId).filter(reviewVisibility(db, reader, itemState(db, itemId)));
}

/**
 * The review history of a dataset's triplets as JSON: who annotated and checked each one, every verdict of every
 * round with its reason and comment, and the lead's overrides — what a paper's appendix on annotation quality needs.
 * `reader` is who downloads it (null: the machine's owner): a lead who is still to judge an open round does not see
 * the other checker's verdict of that round.
 */
export async function exportReviewHistory(
  db: Db, datasetId: number, out: string, selection: ExportSelection, reader: Actor | null = null,
): Promise<{ triplets: number }> {
  const overridden = overriddenItems(db, datasetId);
  const items = assignedItems(db, datasetId, selection.acceptedOnly)
    .filter((i) => !selection.acceptedOnly || selection.includeOverridden || !overridden.has(i.id));
  await writeAtomically(out, async (put) => {
    await put('[');
    let first = true;
    for (const item of items) {
      const row = {
        triplet_id: item.ext_id, status: item.status, lead_override: overridden.has(item.id), rounds: item.review_round, annotator: item.annotator_id,
        checkers: [item.checker_a, item.checker_b], saves: saveCount(db, item.id),
        reviews: visibleReviews(db, item.id, reader).map((r) => ({
          round: r.round, checker: r.checker, at: r.at, passed: r.passed, guideline_version: r.guidelineVersion, ...r.verdicts,
          replies: r.replies.map((p) => ({ question: p.role, by: p.author, at: p.at, text: p.body })),
        })),
        time_spent: timeSpent(db, item.id),
        provenance: provenanceField(db, item.id),
        ...rounds(db, item.id),
        overrides: overridesOf(db, item.id).map((o) => ({ at: o.at, by: o.user_id, ...o.diff })),
      };
      await put(`${first ? '\n' : ',\n'}${JSON.stringify(row)}`);
      first = false;
    }
    await put('\n]\n');
  });
  return { triplets: items.length };
}

/** Where a review history's guidelines go: beside it, named after it. */
export const guidelinesPathOf = (reviewHistoryPath: string) => reviewHistoryPath.replace(/(\.json)?$/, '-guidelines.json');

/**
 * Every version of a dataset's guidelines (oldest first, with author, time and Markdown), which the review history's
 * `guideline_version` fields name. Nothing is written when the dataset has none.
 */
export async function exportGuidelines(db: Db, datasetId: number, out: string): Promise<{ path: string; versions: number } | null> {
  const versions = listGuidelines(db, datasetId, true).reverse();
  if (versions.length === 0) return null;
  await writeAtomically(out, async (put) => {
    await put(`${JSON.stringify(versions.map((v) => ({ version: v.version, author: v.author, at: v.at, markdown: v.body })), null, 1)}\n`);
  });
  return { path: out, versions: versions.length };
}
