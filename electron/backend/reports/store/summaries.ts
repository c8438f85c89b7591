import type { Db } from '../../db/open';
import { jsonColumn } from '../../db/json-column';
import { statement } from '../../db/statements';
import { AppError } from '../../errors';
import type { StoredCounts } from '../../runs/summary-hook';
import { comparisonParts } from '../summary-vector';

/**
 * Layout of a stored summary; a row of another format is recomputed, never read (bump it when a stored figure changes).
 * 2: `outcome_bits` and `question_set` beside the outcome vector (migration 0012).
 */
export const SUMMARY_FORMAT = 2;

// The counters' shape is the runs' (their summary port reads them): defined once there.
export type { StoredCounts };

/** The stored figures of one run, as written: JSON texts and the outcome vector. */
export interface SummaryRowData {
  accuracy: number;
  counts: string;
  report: string;
  board: string;
  vrp: string | null;
  outcomes: Buffer;
}

const FRESH = `stale = 0 AND format = ${SUMMARY_FORMAT}`;

export function writeSummary(db: Db, runId: number, row: SummaryRowData, now: string): void {
  const { bits, questionSet } = comparisonParts(row.outcomes);
  statement(db, `INSERT INTO run_summaries (run_id, format, stale, accuracy, counts, report, board, vrp, outcomes, outcome_bits, question_set, computed_at)
    VALUES (?, ${SUMMARY_FORMAT}, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (run_id) DO UPDATE SET format = excluded.format, stale = 0, accuracy = excluded.accuracy, counts = excluded.counts,
      report = excluded.report, board = excluded.board, vrp = excluded.vrp, outcomes = excluded.outcomes,
      outcome_bits = excluded.outcome_bits, question_set = excluded.question_set, computed_at = excluded.computed_at`)
    .run(runId, row.accuracy, row.counts, row.report, row.board, row.vrp, row.outcomes, bits, questionSet, now);
}

/** One column of a run's summary while it is fresh; undefined when it is stale, of an older format, or missing. */
export function freshColumn(db: Db, runId: number, column: 'counts' | 'report' | 'board' | 'vrp' | 'outcomes'): unknown {
  const row = statement<[number], { value: unknown }>(db, `SELECT ${column} AS value FROM run_summaries WHERE run_id = ? AND ${FRESH}`).get(runId);
  return row === undefined ? undefined : row.value;
}

/** Counters of the runs whose summary is fresh (one run's, or every run's): the run list reads these, not predictions. */
export function storedCounts(db: Db, runId?: number): Map<number, StoredCounts> {
  type CountsRow = { run_id: number; counts: string };
  const rows = runId === undefined
    ? statement<[], CountsRow>(db, `SELECT run_id, counts FROM run_summaries WHERE ${FRESH}`).all()
    : statement<[number], CountsRow>(db, `SELECT run_id, counts FROM run_summaries WHERE run_id = ? AND ${FRESH}`).all(runId);
  return new Map(rows.map((r) => [r.run_id, jsonColumn<StoredCounts>(r.counts)]));
}

/** Runs (of those people started) without a fresh summary: running ones, just-changed ones, ones from an older build. */
export function unsummarisedRuns(db: Db): number[] {
  return statement<[], number>(db, `SELECT r.id FROM runs r LEFT JOIN run_summaries s ON s.run_id = r.id AND s.${FRESH.replace(' AND ', ' AND s.')}
    WHERE r.optimization_id IS NULL AND s.run_id IS NULL ORDER BY r.id`).pluck().all();
}

/** What a comparison reads of a run: `bits` and `questionSet` are null while its summary is not fresh. */
export interface ComparedRunRow {
  name: string; model: string; circular: boolean; bits: Buffer | null; questionSet: string | null;
}

/** A comparison's read of one run: its name, whether it used CircularEval, and its outcome bits, in one statement. */
export function comparedRun(db: Db, runId: number): ComparedRunRow {
  type Row = { name: string; model: string; circular: number | null; bits: Buffer | null; question_set: string | null };
  const row = statement<[number], Row>(db, `SELECT r.name, r.model, json_extract(r.config, '$.circular') AS circular, s.outcome_bits AS bits,
    s.question_set FROM runs r LEFT JOIN run_summaries s ON s.run_id = r.id AND s.${FRESH.replace(' AND ', ' AND s.')} WHERE r.id = ?`).get(runId);
  if (!row) throw new AppError('not_found', `run ${runId} does not exist`);
  return { name: row.name, model: row.model, circular: row.circular === 1, bits: row.bits, questionSet: row.question_set };
}

/** Every fresh stored summary, for the doctor to recompute and compare. */
export const freshSummaryRows = (db: Db) => statement<[], SummaryRowData & { run_id: number }>(db, `SELECT run_id, accuracy, counts, report, board,
  vrp, outcomes FROM run_summaries WHERE ${FRESH} ORDER BY run_id`).all();

/** Every run, optimisation runs included, without a fresh summary: the doctor's "not trusted". */
export const untrustedRuns = (db: Db) => statement<[], number>(db, `SELECT r.id FROM runs r LEFT JOIN run_summaries s ON s.run_id = r.id AND s.${FRESH.replace(' AND ', ' AND s.')}
  WHERE s.run_id IS NULL ORDER BY r.id`).pluck().all();
