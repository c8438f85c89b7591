import type { PredictionOutcome, Role } from '@shared/contract';
import type { ExtractionPath } from '@shared/scoring/extract';
import type { Db } from '../../db/open';
import type { ReadClause as SqlClause } from '../../items/questions';
import { OUTCOME_SQL } from './predictions';

/** One unit of a run (question × pass) with what the results export writes of it; prediction columns null until asked. */
export interface ExportRow {
  position: number; question_id: number; pass: number; options: string; gold: string; role: Role; text: string; hint: string | null;
  ext_id: string; ext_index: string | null; category: string | null; l2_category: string | null; split: string | null; source: string | null;
  status: 'answered' | 'error' | null; raw: string | null; extracted: string | null; extraction: ExtractionPath | null; corrected: string | null;
  judge_calls: number; outcome: PredictionOutcome; tokens_in: number | null; tokens_out: number | null; cost: number | null;
  cached: number | null; latency_ms: number | null; attempts: number | null; error: string | null;
}

const COLUMNS = `u.position, u.question_id, u.pass, u.options, u.answer AS gold, q.role, q.text, q.hint, i.ext_id, q.ext_index,
  i.category, i.l2_category, i.split, i.source, p.status, p.raw, p.extracted, p.extraction, p.corrected,
  coalesce(json_array_length(p.judge), 0) AS judge_calls, ${OUTCOME_SQL} AS outcome, p.tokens_in, p.tokens_out, p.cost, p.cached,
  p.latency_ms, p.attempts, p.error`;

/**
 * The run's units after `afterPosition`, in question order, at most `limit`: the export pages by position (the unique
 * index), so an 80,000-unit run is never held at once and no page costs more than the one before. `rule` (a caller's
 * draft read rule on `q` and `i`) leaves out what they may not read.
 */
export function exportPage(db: Db, runId: number, afterPosition: number, limit: number, rule: SqlClause | null): ExportRow[] {
  const where = ['u.run_id = ?', 'u.position > ?', ...(rule ? [rule.sql] : [])];
  return db.prepare<unknown[], ExportRow>(`SELECT ${COLUMNS} FROM run_units u JOIN questions q ON q.id = u.question_id JOIN items i ON i.id = q.item_id
    LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass
    WHERE ${where.join(' AND ')} ORDER BY u.position LIMIT ?`).all(runId, afterPosition, ...(rule ? rule.params : []), limit);
}

/** The most options any unit of the run shows: the workbook's option columns A, B, … */
export function maxUnitOptions(db: Db, runId: number): number {
  return Number(db.prepare<[number], number>('SELECT coalesce(max(json_array_length(options)), 0) FROM run_units WHERE run_id = ?').pluck().get(runId) ?? 0);
}
