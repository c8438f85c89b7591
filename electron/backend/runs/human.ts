import type { Option } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { runRow } from './store';

/** The next question a person has not answered yet in a human-evaluation run, in run order. */
export function nextHumanQuestion(db: Db, runId: number) {
  if (runRow(db, runId).kind !== 'human') throw new AppError('invalid_input', `run ${runId} is answered by a model, not a person`);
  const pending = `FROM run_units u JOIN questions q ON q.id = u.question_id
    LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass
    WHERE u.run_id = ? AND p.id IS NULL`;
  const row = db.prepare(`SELECT u.question_id, u.pass, u.position, u.options, q.item_id, q.text, q.hint ${pending} ORDER BY u.position LIMIT 1`)
    .get(runId) as { question_id: number; pass: number; position: number; options: string; item_id: number; text: string; hint: string | null } | undefined;
  if (!row) return null;
  const remaining = db.prepare(`SELECT count(*) ${pending}`).pluck().get(runId) as number;
  return {
    questionId: row.question_id, itemId: row.item_id, pass: row.pass, position: row.position, text: row.text, hint: row.hint,
    options: JSON.parse(row.options) as Option[], remaining,
  };
}
