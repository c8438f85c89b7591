import type { TripletVerdicts } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';
import { readVerdicts } from './json';

/** Checkers' verdicts, one row per checker and review round. */

export function verdictsOfRound(db: Db, itemId: number, round: number): { checker_id: string; passed: number }[] {
  return statement<[number, number], { checker_id: string; passed: number }>(db, 'SELECT checker_id, passed FROM reviews WHERE item_id = ? AND round = ?').all(itemId, round);
}

/** Who has given a verdict in the round. The statement is shared per connection and plucked, as it always was. */
export function reviewersOfRound(db: Db, itemId: number, round: number): string[] {
  return statement<[number, number], string>(db, 'SELECT checker_id FROM reviews WHERE item_id = ? AND round = ?').pluck().all(itemId, round);
}

export function insertReview(
  db: Db, row: { itemId: number; round: number; checker: string; verdicts: string; passed: boolean; at: string; guidelineVersion: number | null },
): void {
  statement(db, 'INSERT INTO reviews (item_id, round, checker_id, verdicts, passed, at, guideline_version) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(row.itemId, row.round, row.checker, row.verdicts, row.passed ? 1 : 0, row.at, row.guidelineVersion);
}

/** Each `submit` revision of the triplet with the `save` revision of the version it names, oldest first. */
export function submissionRows(db: Db, itemId: number): { at: string; submitted: string; saved: string }[] {
  return statement<[string], { at: string; submitted: string; saved: string }>(db, `SELECT s.at, s.diff AS submitted, v.diff AS saved FROM revisions s
    JOIN revisions v ON v.entity = 'triplet' AND v.entity_id = s.entity_id AND v.action = 'save'
      AND json_extract(v.diff, '$.version') = json_extract(s.diff, '$.version')
    WHERE s.entity = 'triplet' AND s.entity_id = ? AND s.action = 'submit' ORDER BY s.id`).all(String(itemId));
}

export interface ReviewRow {
  id: number; round: number; checker_id: string; display_name: string | null; verdicts: TripletVerdicts; passed: number; at: string;
  guideline_version: number | null;
}

/** Every verdict on an item, by round and order given, with the checker's display name. */
export function reviewRows(db: Db, itemId: number): ReviewRow[] {
  return statement<[number], Omit<ReviewRow, 'verdicts'> & { verdicts: string }>(db, `SELECT r.id, r.round, r.checker_id, u.display_name, r.verdicts, r.passed, r.at,
      r.guideline_version FROM reviews r LEFT JOIN users u ON u.id = r.checker_id WHERE r.item_id = ? ORDER BY r.round, r.id`).all(itemId)
    .map((r) => ({ ...r, verdicts: readVerdicts(r.verdicts) }));
}
