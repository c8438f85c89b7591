import type { Db } from '../../db/open';
import { jsonColumn } from '../../db/json-column';
import { statement } from '../../db/statements';
import { AppError } from '../../errors';
import type { StoredCounts } from '../../db/connection';
import type { ComparisonParts, PositionChunk } from '../comparison-parts';

/**
 * Layout of a stored summary; a row of another format is recomputed, never read (bump it when a stored figure changes).
 * 2: `outcome_bits` and `question_set` beside the outcome vector (migration 0012; both dropped in 0013).
 * 3: the comparison's parts in rows of their own: run_comparisons and run_summary_chunks (migration 0013).
 * 4: the report groups MMBench questions by their L-1 ability (`l1Category`) and carries MMEvalPro's official figures
 *    beside the studio's (`mmevalproOfficial`), both issue 30.
 * 5: the report carries MMMU's, VLMEvalKit's and MMStar's official figures beside the studio's (`official`, issue 30).
 * 6: the leaderboard row carries its comparable setting (`board.setting`: question set, passes, images, prompt; issue 34).
 * 7: the report carries the majority vote's spread of a run with repeated trials (`trials`, null otherwise; issue 35).
 */
export const SUMMARY_FORMAT = 7;

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
  comparison: ComparisonParts;
}

const FRESH = `stale = 0 AND format = ${SUMMARY_FORMAT}`;
const FRESH_JOIN = `LEFT JOIN run_summaries s ON s.run_id = r.id AND s.${FRESH.replace(' AND ', ' AND s.')}`;

/** The summary and its comparison parts, all or nothing (a savepoint inside a caller's transaction). */
export function writeSummary(db: Db, runId: number, row: SummaryRowData, now: string): void {
  db.transaction(() => writeSummaryRows(db, runId, row, now))();
}

function writeSummaryRows(db: Db, runId: number, row: SummaryRowData, now: string): void {
  const c = row.comparison;
  statement(db, `INSERT INTO run_summaries (run_id, format, stale, accuracy, counts, report, board, vrp, outcomes, computed_at)
    VALUES (?, ${SUMMARY_FORMAT}, 0, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (run_id) DO UPDATE SET format = excluded.format, stale = 0, accuracy = excluded.accuracy, counts = excluded.counts,
      report = excluded.report, board = excluded.board, vrp = excluded.vrp, outcomes = excluded.outcomes, computed_at = excluded.computed_at`)
    .run(runId, row.accuracy, row.counts, row.report, row.board, row.vrp, row.outcomes, now);
  statement<[number, string, number, Buffer, Buffer | null]>(db, `INSERT OR REPLACE INTO run_comparisons (run_id, question_set, clusters_repeat,
    outcome_masks, first_masks) VALUES (?, ?, ?, ?, ?)`).run(runId, c.questionSet, c.clustersRepeat ? 1 : 0, c.masks, c.firstMasks);
  statement<[number]>(db, 'DELETE FROM run_summary_chunks WHERE run_id = ?').run(runId);
  const insert = statement<[number, number, Buffer, Buffer, string]>(db,
    'INSERT INTO run_summary_chunks (run_id, chunk, question_ids, shown, shown_labels) VALUES (?, ?, ?, ?, ?)');
  for (const chunk of c.chunks) insert.run(runId, chunk.chunk, chunk.ids, chunk.shown, chunk.shownLabels);
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

/** The run exists, is on the leaderboard, and has no fresh summary: looked at again before storing one (reports/summary.ts). */
export const isUnsummarised = (db: Db, runId: number): boolean => statement<[number], number>(db, `SELECT count(*) FROM runs r ${FRESH_JOIN}
  WHERE r.id = ? AND r.optimization_id IS NULL AND s.run_id IS NULL`).pluck().get(runId)! > 0;

/** Runs (of those people started) without a fresh summary: running ones, just-changed ones, ones from an older build. */
export function unsummarisedRuns(db: Db): number[] {
  return statement<[], number>(db, `SELECT r.id FROM runs r ${FRESH_JOIN}
    WHERE r.optimization_id IS NULL AND s.run_id IS NULL ORDER BY r.id`).pluck().all();
}

/** What a comparison reads first of a run: `revision`, `questionSet` and `clustersRepeat` are null while its summary is not fresh. */
export interface ComparedRunRow {
  name: string; model: string; circular: boolean; revision: number | null; firstSame: boolean; questionSet: string | null; clustersRepeat: boolean | null;
}

const FRESH_INDEXED = `LEFT JOIN run_summaries s INDEXED BY run_summaries_board ON s.run_id = r.id AND s.${FRESH.replace(' AND ', ' AND s.')}`;

/**
 * A comparison's read of its runs, in one statement: each one's name, whether it used CircularEval, and the revision
 * of its stored parts (migration 0015: it moves whenever its summary is written, and only then). Freshness is read from the
 * summaries' covering index, not from their rows (each fills pages of its own).
 */
export function comparedRuns(db: Db, runIds: readonly number[]): Map<number, ComparedRunRow> {
  type Row = [
    id: number, name: string, model: string, circular: number | null, revision: number | null, firstSame: number | null, questionSet: string | null,
    clustersRepeat: number | null,
  ];
  const rows = statement<[{ ids: string }], Row>(db, `SELECT r.id, r.name, r.model, json_extract(r.config, '$.circular'), s.summary_rev,
    c.first_masks IS NULL, c.question_set, c.clusters_repeat FROM json_each(@ids) j CROSS JOIN runs r ON r.id = j.value ${FRESH_INDEXED}
    LEFT JOIN run_comparisons c ON c.run_id = s.run_id`).raw(true).all({ ids: JSON.stringify(runIds) });
  const byId = new Map(rows.map(([id, name, model, circular, revision, firstSame, questionSet, clustersRepeat]) => [id, {
    name, model, circular: circular === 1, revision: questionSet === null ? null : revision, firstSame: firstSame === 1, questionSet,
    clustersRepeat: clustersRepeat === null ? null : clustersRepeat === 1,
  }]));
  const missing = runIds.find((id) => !byId.has(id));
  if (missing !== undefined) throw new AppError('not_found', `run ${missing} does not exist`);
  return byId;
}

/** The every-pass masks of runs whose summary is fresh, by run: read only for runs a comparison has not kept. */
export const comparedMasks = (db: Db, runIds: readonly number[]): Map<number, Buffer> => new Map(statement<[{ ids: string }], [number, Buffer]>(db,
  `SELECT c.run_id, c.outcome_masks FROM json_each(@ids) j CROSS JOIN run_comparisons c ON c.run_id = j.value`).raw(true)
  .all({ ids: JSON.stringify(runIds) }));

/** A run's first-pass masks while its summary is fresh (null: they equal every pass's). */
export const comparedFirstMasks = (db: Db, runId: number): Buffer | null | undefined => statement<[number], Buffer | null>(db, `SELECT c.first_masks
  FROM run_comparisons c JOIN run_summaries s ON s.run_id = c.run_id AND s.${FRESH.replace(' AND ', ' AND s.')} WHERE c.run_id = ?`).pluck().get(runId);

type ChunkRow = { chunk: number; question_ids: Buffer; shown: Buffer; shown_labels: string };
const CHUNKS = `SELECT c.chunk, c.question_ids, c.shown, c.shown_labels FROM run_summary_chunks c
  JOIN run_summaries s ON s.run_id = c.run_id AND s.${FRESH.replace(' AND ', ' AND s.')} WHERE c.run_id = ?`;
const toChunk = (r: ChunkRow): PositionChunk => ({ chunk: r.chunk, ids: r.question_ids, shown: r.shown, shownLabels: r.shown_labels });

/** One chunk of a run's positions while its summary is fresh (a page of disagreements reads the chunks it shows). */
export function comparedChunk(db: Db, runId: number, chunk: number): PositionChunk | undefined {
  const row = statement<[number, number], ChunkRow>(db, `${CHUNKS} AND c.chunk = ?`).get(runId, chunk);
  return row && toChunk(row);
}

/** Every chunk of a fresh summary, in order: a run that asked other questions, and the doctor. */
export const summaryChunks = (db: Db, runId: number): PositionChunk[] =>
  statement<[number], ChunkRow>(db, `${CHUNKS} ORDER BY c.chunk`).all(runId).map(toChunk);

type StoredRow = Omit<SummaryRowData, 'comparison'> & {
  run_id: number; outcome_masks: Buffer | null; first_masks: Buffer | null; question_set: string | null; clusters_repeat: number | null;
};

/** A stored summary as the doctor reads it: its comparison parts are null when they are missing. */
export type StoredSummary = Omit<SummaryRowData, 'comparison'> & { run_id: number; comparison: ComparisonParts | null };

/** Every fresh stored summary, for the doctor to recompute and compare. */
export const freshSummaryRows = (db: Db): StoredSummary[] => statement<[], StoredRow>(db, `SELECT s.run_id, s.accuracy,
  s.counts, s.report, s.board, s.vrp, s.outcomes, c.outcome_masks, c.first_masks, c.question_set, c.clusters_repeat FROM run_summaries s
  LEFT JOIN run_comparisons c ON c.run_id = s.run_id WHERE s.${FRESH.replace(' AND ', ' AND s.')} ORDER BY s.run_id`).all()
  .map(({ outcome_masks, first_masks, question_set, clusters_repeat, ...row }) => ({
    ...row,
    comparison: outcome_masks === null || question_set === null ? null : {
      masks: outcome_masks, firstMasks: first_masks, questionSet: question_set, clustersRepeat: clusters_repeat === 1, chunks: summaryChunks(db, row.run_id),
    },
  }));

/** Every run, optimisation runs included, without a fresh summary: the doctor's "not trusted". */
export const untrustedRuns = (db: Db) => statement<[], number>(db, `SELECT r.id FROM runs r ${FRESH_JOIN}
  WHERE s.run_id IS NULL ORDER BY r.id`).pluck().all();
