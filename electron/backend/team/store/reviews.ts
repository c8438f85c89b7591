import type { Db } from '../../db/open';
import { statement } from '../../db/statements';

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
