import type { Db } from '../../db/open';
import { READING_OUTCOME, type ReadingRow } from './visual';

/**
 * What the check needs to know of a ticked run beyond its summary: whether its answers were asked by this run at all.
 * A run scored from a model-output file or re-reading another run's replies holds answers asked elsewhere, at another
 * time, so the question's revision time says nothing about them (DECISIONS 263).
 */
export function runAskedElsewhere(db: Db, runId: number): 'imported' | 'reread' | null {
  const row = db.prepare<[number], { imported: number; reread: number }>(`SELECT json_extract(config, '$.imported') IS NOT NULL AS imported,
      json_extract(config, '$.reread') IS NOT NULL AS reread FROM runs WHERE id = ?`).get(runId);
  return row?.imported ? 'imported' : row?.reread ? 'reread' : null;
}

/** A run's first-pass answer as the check reads it, and whether it stands for the question's current text. */
export interface RunAnswerRow { question_id: number; outcome: ReadingRow['outcome']; current: number }

/**
 * A run's first-pass answers (CircularEval's pass 0 is the question in its own option order) read by the runs' own
 * outcome rule, each `current` when it answered the question as it stands now (DECISIONS 262): the options and gold the
 * run froze when it was made are the question's now, and the question was last revised before the answer was asked
 * for (the text, hint and images are read when a request is built, so they were the current ones). A revision bumps
 * the question's `updated_at`, even a save that changed nothing, which then reads as stale: never the reverse; a
 * revision in the same millisecond as the asking cannot be ordered, so it reads as after.
 */
export function runAnswers(db: Db, runId: number): RunAnswerRow[] {
  return db.prepare<[number], RunAnswerRow>(`SELECT p.question_id,
      ${READING_OUTCOME} AS outcome,
      (json(u.options) = json(q.options) AND json(u.answer) = json(q.answer) AND q.updated_at < p.created_at) AS current
    FROM predictions p
    JOIN run_units u ON u.run_id = p.run_id AND u.question_id = p.question_id AND u.pass = p.pass
    JOIN questions q ON q.id = p.question_id
    WHERE p.run_id = ? AND p.pass = 0 AND p.status = 'answered' ORDER BY u.position`).all(runId);
}

/** Each run of a dataset: when it was made (which reading is newer) and its prompt template's name (shown per model). */
export function datasetRuns(db: Db, datasetId: number): Map<number, { createdAt: string; template: string | null }> {
  const rows = db.prepare<[number], { id: number; created_at: string; template: string | null }>(
    "SELECT id, created_at, json_extract(config, '$.template.name') AS template FROM runs WHERE dataset_id = ?").all(datasetId);
  return new Map(rows.map((r) => [r.id, { createdAt: r.created_at, template: r.template }]));
}
