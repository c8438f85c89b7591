import { boardSettingSchema, type LeaderboardRow, type RunSummary } from '@shared/contract';
import type { Db } from '../db/open';
import { shownStatus } from '../runs/runs';
import { readKept } from './read-cache';
import { storeMissingSummary, type StoredBoard } from './summary';
import { boardDatasets, boardLease, boardPage, boardRows, boardSettings, type BoardRow, type PagePlace } from './store/board';
import { unsummarisedRuns } from './store/summaries';
import { jsonColumn } from '../db/json-column';
import { inSnapshot } from '../db/snapshot';
import type { ReportCache } from './report-cache';

const NO_LEASE = { lease_pid: null, lease_host: null, lease_since: null, lease_expires: null };

/**
 * A leaderboard row as the file holds it: everything but its dataset's name and the status shown now; and, once shown
 * without a lease, the row as shown (its status then depends on the file alone), with the dataset name it showed.
 */
export interface FiledRow { row: BoardRow; board: StoredBoard; shown?: { datasetName: string; row: LeaderboardRow } }

/**
 * Rows read before, by run, with the revision they were read at (migration 0014): after a write the page reads each
 * run's id and revision, and whole rows only for runs whose revision moved, so a write to one run reads one row.
 * Values are shared with every page that shows them, and nobody changes them.
 */
const FILED_ROWS = 5_000;

function rowsAt(cache: ReportCache, places: readonly PagePlace[]): FiledRow[] {
  const db = cache.db;
  // Rows are kept only from a snapshot, which reads committed revisions: inside a caller's transaction a revision may
  // yet be rolled back, and the counter would give it again.
  const byRun = inSnapshot(db) ? cache.rows : new Map<number, FiledRow>();
  if (byRun.size > FILED_ROWS) byRun.clear();
  const stale = places.flatMap(([id, revision]) => (byRun.get(id)?.row[8] === revision ? [] : [id]));
  if (stale.length > 0) for (const row of boardRows(db, stale)) byRun.set(row[0], { row, board: jsonColumn<StoredBoard>(row[7]) });
  return places.map(([id]) => byRun.get(id)!);
}

type Lease = Omit<Parameters<typeof shownStatus>[0], 'status' | 'kind'>;

/** A row as shown now: its status from the file, its lease, and whether this process runs it. */
function toRow({ row, board }: FiledRow, datasetName: string, lease: Lease, live: RunSummary['live'], nowMs: number): LeaderboardRow {
  const [runId, name, model, kind, datasetId, fileStatus, createdAt] = row;
  const { status } = shownStatus({ status: fileStatus, kind, ...lease }, live, nowMs);
  return {
    runId, name, model, kind, datasetId, datasetName, status, circular: board.circular, images: board.images, questions: board.questions,
    accuracy: board.accuracy, genuineAccuracy: board.genuineAccuracy, setting: board.setting, createdAt,
  };
}

export interface BoardPage { datasetId: number | null; setting: string | null; offset: number; limit: number }

/** A dataset's settings, most runs first; read for the picker only (a few rows), so checked with the contract's schema. */
function settingsOf(db: Db, datasetId: number | null) {
  if (datasetId === null) return [];
  return boardSettings(db, datasetId).map((r) => ({ ...boardSettingSchema.parse(JSON.parse(r.setting)), runs: r.runs }));
}

/**
 * Runs without a fresh summary (running, just changed, from an older build) get one before the page is read: each
 * stored in its own write transaction, outside the page's snapshot (db/snapshot.ts), so a process writing the same
 * file is waited for, not failed. The cost follows what changed, not every prediction.
 */
function summariseWaiting(db: Db): void {
  // Stops at the first the file refuses: each would wait out the busy timeout in turn.
  for (const id of unsummarisedRuns(db)) if (!storeMissingSummary(db, id)) return;
}

/** A row without a lease, as the file alone says it, made once per revision and dataset name. */
function shownFromFile(filed: FiledRow, datasetName: string, nowMs: number): LeaderboardRow {
  if (filed.shown?.datasetName !== datasetName) filed.shown = { datasetName, row: toRow(filed, datasetName, NO_LEASE, null, nowMs) };
  return filed.shown.row;
}

/** The page as the file holds it. */
function filedPage(cache: ReportCache, page: BoardPage, nowMs: number) {
  const db = cache.db;
  const datasets = boardDatasets(db);
  const names = new Map(datasets.map((d) => [d.id, d.name]));
  const places = boardPage(db, { dataset: page.datasetId, setting: page.setting, limit: page.limit, offset: page.offset });
  const filed = rowsAt(cache, places).map((entry) => ({ entry, datasetName: names.get(entry.row[4])! }));
  // A row the file says is running, or that some executor leases, may show another status later with no write (its
  // lease expires); the others show what the file says until it changes.
  const varying = filed.flatMap(({ entry }, i) => (entry.row[5] === 'running' || places[i]![2] === 1 ? [i] : []));
  const leases = new Map(varying.map((i) => [i, boardLease(db, filed[i]!.entry.row[0])]));
  const rows = filed.map(({ entry, datasetName }, i) => (leases.has(i) ? null : shownFromFile(entry, datasetName, nowMs)));
  const settings = settingsOf(db, page.datasetId);
  const total = page.setting !== null && page.datasetId !== null ? settings.find((x) => x.key === page.setting)?.runs ?? 0
    : datasets.reduce((n, d) => n + (page.datasetId === null || d.id === page.datasetId ? d.filed : 0), 0);
  return { total, filed, rows, leases, datasets: datasets.map(({ id, name, runs }) => ({ id, name, runs })), settings };
}

/**
 * A page of the leaderboard, best first within each comparable setting (board-setting.ts) of each dataset, read from stored summaries, and kept until the file
 * changes (reports/read-cache.ts). The status of a run that is or was running is worked out anew each time: it depends
 * on the clock (an executor's lease expiring) and on this process's live runs, which the file does not say.
 */
export function leaderboardPage(cache: ReportCache, live: (id: number) => RunSummary['live'], nowMs: number, page: BoardPage) {
  const key = `leaderboard:${page.datasetId}:${JSON.stringify(page.setting)}:${page.offset}:${page.limit}`;
  const kept = readKept(cache, key, () => filedPage(cache, page, nowMs), () => summariseWaiting(cache.db));
  const rows = kept.rows.map((row, i) => {
    if (row !== null) return row;
    const { entry, datasetName } = kept.filed[i]!;
    return toRow(entry, datasetName, kept.leases.get(i)!, live(entry.row[0]), nowMs);
  });
  return { total: kept.total, rows, datasets: kept.datasets, settings: kept.settings };
}
