import type { RoundDiff, TripletDraft } from '@shared/contract';
import { onItem, type Actor } from '@shared/domain/permissions';
import { roundDiff } from '@shared/domain/round-diff';
import type { Db } from '../../db/open';
import { submissionRows } from './store/reviews';
import { readSaveDiff, readSubmitDiff } from './store/json';
import { AppError } from '../../errors';
import { itemState } from '../assignment/store/assignments';

export interface Submission { round: number; version: number; at: string; guidelineVersion: number | null; draft: TripletDraft }

/**
 * What the annotator submitted in each review round, oldest first: a `submit` revision names the version, and the
 * `save` revision of that version (written in the same transaction) holds the text.
 */
export function submissionsOf(db: Db, itemId: number): Submission[] {
  const rows = submissionRows(db, itemId);
  return rows.map((r) => {
    const s = readSubmitDiff(r.submitted);
    const v = readSaveDiff(r.saved);
    return { round: s.round, version: s.version, at: r.at, guidelineVersion: s.guidelineVersion ?? null, draft: v.draft };
  });
}

/** What changed between the submissions of rounds `round - 1` and `round`, or null when either is missing. */
export function diffOfRound(db: Db, itemId: number, round: number): RoundDiff | null {
  const all = submissionsOf(db, itemId);
  const before = all.find((s) => s.round === round - 1);
  const after = all.find((s) => s.round === round);
  return before && after ? roundDiff(before, after) : null;
}

/** The round diff for a caller: only the people on the item (and leads) read it. */
export function roundDiffFor(db: Db, actor: Actor | null, itemId: number, round: number): RoundDiff {
  const state = itemState(db, itemId);
  if (!onItem(actor, state.assignment)) throw new AppError('forbidden', 'only the triplet\'s annotator, its two checkers and leads can see what changed between its rounds');
  const diff = diffOfRound(db, itemId, round);
  if (!diff) throw new AppError('not_found', `item ${itemId} has no submissions of both rounds ${round - 1} and ${round}`);
  return diff;
}
