import type { Db } from '../db/open';
import { AppError } from '../errors';
import { readOptions } from '../items/columns';
import { runRow } from './store/runs';
import { firstPendingUnit, pendingUnitCount } from './store/units';

/** The next question a person has not answered yet in a human-evaluation run, in run order. */
export function nextHumanQuestion(db: Db, runId: number) {
  if (runRow(db, runId).kind !== 'human') throw new AppError('invalid_input', `run ${runId} is answered by a model, not a person`);
  const row = firstPendingUnit(db, runId);
  if (!row) return null;
  const remaining = pendingUnitCount(db, runId);
  return {
    questionId: row.question_id, itemId: row.item_id, pass: row.pass, position: row.position, text: row.text, hint: row.hint,
    options: readOptions(row.options), remaining,
  };
}
