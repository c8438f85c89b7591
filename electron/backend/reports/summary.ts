import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/open';
import { changeStamp } from '../db/change-stamp';
import { afterSnapshot, inSnapshot, readSnapshot, writeIfUnchanged } from '../db/snapshot';
import { runCounts } from '../runs/counts';
import { runConfig, runRow } from '../runs/runs';
import type { RunSummaries } from '../db/connection';
import type { BoardSetting } from '@shared/contract';
import { boardSetting } from './board-setting';
import { loadScored, loadScoredInSlices, type ScoredQuestion } from './load';
import { allAtOnce } from '@shared/scoring/official-common';
import { loadRunReplies } from './official';
import { boardScores, reportBodySteps, vrpScores, type BoardScores, type ReportBody, type VrpBy } from './run-report';
import { freshColumn, isUnsummarised, storedCounts, writeSummary, type StoredCounts, type SummaryRowData } from './store/summaries';
import { decodeOutcomes, encodeOutcomes, type OutcomeVector } from './summary-vector';
import { encodeComparison, type ComparisonParts } from './comparison-parts';
import { jsonColumn } from '../db/json-column';

/**
 * A run's summary computed from its predictions by the reports' own scoring (loadScored, reportBodySteps, boardScores):
 * the stored copy is a cache of exactly what the reports computed before issue 20, never a second set of rules.
 */
export function computeSummary(db: Db, runId: number): SummaryRowData {
  return allAtOnce(summarySteps(db, runId, loadScored(db, runId)));
}

/**
 * The summary's parts from the loaded questions, as steps: a caller that must not hold a server takes a turn of the
 * event loop between them (refreshInSlices), every other caller runs them straight through (computeSummary).
 */
function* summarySteps(db: Db, runId: number, questions: ScoredQuestion[]): Generator<void, SummaryRowData> {
  const config = runConfig(runRow(db, runId));
  const board: StoredBoard = { ...boardScores(questions), circular: config.circular, images: config.images, setting: boardSetting(questions, config) };
  const vrp = vrpScores(questions);
  const counts: StoredCounts = { ...runCounts(db, runId), units: questions.reduce((n, q) => n + q.passes.length, 0) };
  yield;
  const replies = loadRunReplies(db, runId);
  yield;
  const report = JSON.stringify(yield* reportBodySteps(questions, config.circular, replies));
  yield;
  const outcomes = encodeOutcomes(questions);
  yield;
  return {
    accuracy: board.accuracy.accuracy,
    counts: JSON.stringify(counts),
    report,
    board: JSON.stringify(board),
    vrp: vrp === null ? null : JSON.stringify(vrp),
    outcomes,
    comparison: encodeComparison(questions),
  };
}

async function turnByTurn<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** A leaderboard row's scores and the configuration it shows beside them. */
export interface StoredBoard extends BoardScores { circular: boolean; images: boolean; setting: BoardSetting }

/** Computes and stores a run's summary; the caller's transaction, if any, holds both. */
export function refreshSummary(db: Db, runId: number, now = new Date()): SummaryRowData {
  const row = computeSummary(db, runId);
  writeSummary(db, runId, row, now.toISOString());
  return row;
}

/**
 * Computes a settled run's summary a page of questions at a time (loadScoredInSlices) and stores it, for a writer that
 * committed the run without one (an imported prediction file: issue 29). Stored only if, by then, no other process has
 * committed, the run is the same run and still has no summary: a correction meanwhile stores its own, and a reader
 * computes one for a run left without. False when it was not stored.
 */
export async function refreshInSlices(db: Db, runId: number): Promise<boolean> {
  const version = changeStamp(db).version;
  const run = runRow(db, runId);
  const row = await turnByTurn(summarySteps(db, runId, await loadScoredInSlices(db, runId)));
  let stored = false;
  const same = () => {
    const now = runRow(db, runId);
    return now.created_at === run.created_at && now.status !== 'pending' && now.status !== 'running' && isUnsummarised(db, runId);
  };
  const written = writeIfUnchanged(db, version, () => {
    if (!same()) return;
    writeSummary(db, runId, row, new Date().toISOString());
    stored = true;
  });
  return written && stored;
}

/**
 * Lets runs/ keep each settled run's summary in step inside its own write transactions, and read the stored counters,
 * without importing reports (which sits above it): the backend hands this to the project connection it opens
 * (state.ts, db/connection.ts `summaries`).
 */
export const runSummaries: RunSummaries = { refresh: (db, runId) => void refreshSummary(db, runId), refreshInSlices, storedCounts };

/**
 * A run's summary computed now and stored for the next reader, for a reader that found no fresh one. It is worked out
 * in a snapshot (the reader's, or one of its own) and stored once the snapshot has ended, only if no other process
 * committed meanwhile (db/snapshot.ts): no lock is held while it is worked out. Inside a caller's transaction it is
 * not stored: that may be a read, which SQLite would not let wait for the lock, and a failed write (a full disk) could
 * roll the caller's work back with it.
 */
export function computedForReader(db: Db, runId: number): SummaryRowData {
  if (inSnapshot(db)) {
    const row = computeSummary(db, runId);
    afterSnapshot(db, () => writeSummary(db, runId, row, new Date().toISOString()));
    return row;
  }
  if (db.inTransaction) return computeSummary(db, runId);
  return readSnapshot(db, () => computedForReader(db, runId));
}

/**
 * Stores the summary of a run the leaderboard found without one, before its page's snapshot (leaderboard.ts); false
 * when the file cannot be written now (locked past the busy timeout, a full disk, read-only), so the caller stops
 * asking. Worked out in a snapshot, without the lock, so a writer elsewhere is not held up for the time it takes (0.2
 * s at 20,000 questions), then stored in a short immediate transaction. When another process committed in between (it
 * may have changed the run's answers, summarised it, deleted it, or given its id to a new run) the run is looked at
 * again and worked out again under the lock, so a run that a busy process keeps writing still gets onto the page.
 * Inside a caller's transaction nothing is stored, as for computedForReader.
 */
export function storeMissingSummary(db: Db, runId: number): boolean {
  if (db.inTransaction) return true;
  const seen = readSnapshot(db, () => (isUnsummarised(db, runId) ? { row: computeSummary(db, runId), version: changeStamp(db).version } : null));
  if (seen === null) return true;
  return writeIfUnchanged(db, seen.version, () => writeSummary(db, runId, seen.row, new Date().toISOString()), () => {
    if (isUnsummarised(db, runId)) refreshSummary(db, runId);
  });
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
export const summaryBoard = (db: Db, runId: number) => jsonColumn<StoredBoard>(summaryColumn(db, runId, 'board'));
