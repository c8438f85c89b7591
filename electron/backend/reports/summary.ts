import type { Db } from '../db/open';
import { isBusy, storageFailure } from '../db/failures';
import { afterSnapshot, inSnapshot } from '../db/snapshot';
import { runCounts } from '../runs/counts';
import { runConfig, runRow } from '../runs/runs';
import { registerRunSummaries } from '../runs/summary-hook';
import { loadScored } from './load';
import { boardScores, buildReportBody, vrpScores, type BoardScores, type ReportBody, type VrpBy } from './run-report';
import { freshColumn, isUnsummarised, storedCounts, writeSummary, type StoredCounts, type SummaryRowData } from './store/summaries';
import { decodeOutcomes, encodeOutcomes, type OutcomeVector } from './summary-vector';
import { encodeComparison, type ComparisonParts } from './comparison-parts';
import { jsonColumn } from '../db/json-column';

/**
 * A run's summary computed from its predictions by the reports' own scoring (loadScored, buildReportBody, boardScores):
 * the stored copy is a cache of exactly what the reports computed before issue 20, never a second set of rules.
 */
export function computeSummary(db: Db, runId: number): SummaryRowData {
  const config = runConfig(runRow(db, runId));
  const questions = loadScored(db, runId);
  const board: StoredBoard = { ...boardScores(questions), circular: config.circular, images: config.images };
  const vrp = vrpScores(questions);
  const counts: StoredCounts = { ...runCounts(db, runId), units: questions.reduce((n, q) => n + q.passes.length, 0) };
  return {
    accuracy: board.accuracy.accuracy,
    counts: JSON.stringify(counts),
    report: JSON.stringify(buildReportBody(questions, config.circular)),
    board: JSON.stringify(board),
    vrp: vrp === null ? null : JSON.stringify(vrp),
    outcomes: encodeOutcomes(questions),
    comparison: encodeComparison(questions),
  };
}

/** A leaderboard row's scores and the configuration it shows beside them. */
export interface StoredBoard extends BoardScores { circular: boolean; images: boolean }

/** Computes and stores a run's summary; the caller's transaction, if any, holds both. */
export function refreshSummary(db: Db, runId: number, now = new Date()): SummaryRowData {
  const row = computeSummary(db, runId);
  writeSummary(db, runId, row, now.toISOString());
  return row;
}

/**
 * Lets runs/ keep each settled run's summary in step inside its own write transactions, and read the stored counters,
 * without importing reports (which sits above it). Called once when the backend is made.
 */
export function keepRunSummaries(): void {
  registerRunSummaries({ refresh: (db, runId) => void refreshSummary(db, runId), storedCounts });
}

/**
 * A run's summary computed now and stored for the next reader, for a reader that found no fresh one. Inside a report's
 * snapshot it is stored once the snapshot has ended, and only if no other process committed meanwhile (db/snapshot.ts).
 * Elsewhere it is worked out and stored under the write lock (an immediate transaction, or the caller's), so no other
 * process can commit between the reads and the write, and one that holds the lock is waited for (busy timeout). A
 * reader that cannot write (the lock held past the timeout, a full disk, a read-only file) still gets the figures.
 */
export function computedForReader(db: Db, runId: number): SummaryRowData {
  if (inSnapshot(db)) {
    const row = computeSummary(db, runId);
    afterSnapshot(db, () => writeSummary(db, runId, row, new Date().toISOString()));
    return row;
  }
  const store = db.transaction(() => refreshSummary(db, runId));
  try {
    return db.inTransaction ? store() : store.immediate();
  } catch (error) {
    if (!isBusy(error) && !storageFailure(error)) throw error;
    return computeSummary(db, runId);
  }
}

/**
 * Stores the summary of a run the leaderboard found without one, before its page's snapshot (leaderboard.ts). Under
 * the write lock the run is looked at again: another process may have summarised it, deleted it, or given its id to
 * a new run since the leaderboard listed it. Left for the next reader when the file cannot be written.
 */
export function storeMissingSummary(db: Db, runId: number): void {
  const store = db.transaction(() => {
    if (isUnsummarised(db, runId)) refreshSummary(db, runId);
  });
  try {
    if (db.inTransaction) store();
    else store.immediate();
  } catch (error) {
    if (!isBusy(error) && !storageFailure(error)) throw error;
  }
}

/** A run's summary column: the stored one while fresh, else computed now (computedForReader). */
export function summaryColumn<K extends 'report' | 'board' | 'vrp' | 'outcomes'>(db: Db, runId: number, column: K): SummaryRowData[K] {
  const stored = freshColumn(db, runId, column);
  if (stored !== undefined) return stored as SummaryRowData[K];
  return computedForReader(db, runId)[column];
}

/** A run's comparison parts when its summary is not fresh (a fresh one's are read part by part: store/summaries). */
export const computedComparison = (db: Db, runId: number): ComparisonParts => computedForReader(db, runId).comparison;

export const summaryReport = (db: Db, runId: number) => jsonColumn<ReportBody>(summaryColumn(db, runId, 'report'));
export const summaryOutcomes = (db: Db, runId: number): OutcomeVector => decodeOutcomes(summaryColumn(db, runId, 'outcomes'));
export function summaryVrp(db: Db, runId: number): VrpBy | null {
  const vrp = summaryColumn(db, runId, 'vrp');
  return vrp === null ? null : jsonColumn<VrpBy>(vrp);
}
