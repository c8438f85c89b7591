import type { Db } from '../db/open';
import { AppError } from '../errors';
import { readOptions } from '../items/columns';
import type { ReadClause } from '../items/questions';
import { runRow } from './store/runs';
import { firstPendingUnit, pendingUnitCount } from './store/units';

/**
 * The next question a person has not answered yet in a human-evaluation run, in run order, of those `rule` (their
 * draft read rule) lets them read: the rest wait for someone who may read them, a lead at the latest.
 */
export function nextHumanQuestion(db: Db, runId: number, rule: ReadClause | null) {
  if (runRow(db, runId).kind !== 'human') throw new AppError('invalid_input', `run ${runId} is answered by a model, not a person`);
  const row = firstPendingUnit(db, runId, rule);
  if (!row) return null;
  const remaining = pendingUnitCount(db, runId, rule);
  return {
    questionId: row.question_id, itemId: row.item_id, pass: row.pass, position: row.position, text: row.text, hint: row.hint,
    options: readOptions(row.options), remaining,
  };
}
