import type { LeaderboardRow, RunSummary } from '@shared/contract';
import type { Db } from '../db/open';
import { shownStatus } from '../runs/runs';
import { readKept } from './read-cache';
import { summaryColumn, type StoredBoard } from './summary';
import { boardDatasets, boardPageRows, boardTotal, type PageRow } from './store/board';
import { unsummarisedRuns } from './store/summaries';
import { jsonColumn } from '../db/json-column';

/** A leaderboard row as the file holds it: everything but the status shown now. */
type FiledRow = Omit<PageRow, 'board'> & { board: StoredBoard };

function toRow(r: FiledRow, live: RunSummary['live'], nowMs: number): LeaderboardRow {
  const { board } = r;
  return {
    runId: r.id, name: r.name, model: r.model, kind: r.kind, datasetId: r.dataset_id, datasetName: r.dataset_name,
    status: shownStatus(r, live, nowMs).status, circular: board.circular, images: board.images, questions: board.questions,
    accuracy: board.accuracy, genuineAccuracy: board.genuineAccuracy, createdAt: r.created_at,
  };
}

export interface BoardPage { datasetId: number | null; offset: number; limit: number }

/**
 * The page as the file holds it. Runs without a fresh summary (running, just changed, from an older build) get one
 * first: the cost follows what changed, not every prediction.
 */
function filedPage(db: Db, page: BoardPage, nowMs: number) {
  for (const id of unsummarisedRuns(db)) summaryColumn(db, id, 'board');
  const filed: FiledRow[] = boardPageRows(db, { dataset: page.datasetId, limit: page.limit, offset: page.offset })
    .map((r) => ({ ...r, board: jsonColumn<StoredBoard>(r.board) }));
  // A row the file says is running, or that some executor leases, may show another status later with no write (its
  // lease expires); the others show what the file says until it changes.
  const varying = filed.flatMap((r, i) => (r.status === 'running' || r.lease_pid !== null ? [i] : []));
  const rows = filed.map((r) => toRow(r, null, nowMs));
  return { total: boardTotal(db, page.datasetId), filed, rows, varying, datasets: boardDatasets(db) };
}

/**
 * A page of the leaderboard, best first within each dataset, read from stored summaries, and kept until the file
 * changes (reports/read-cache.ts). The status of a run that is or was running is worked out anew each time: it depends
 * on the clock (an executor's lease expiring) and on this process's live runs, which the file does not say.
 */
export function leaderboardPage(db: Db, live: (id: number) => RunSummary['live'], nowMs: number, page: BoardPage) {
  const kept = readKept(db, `leaderboard:${page.datasetId}:${page.offset}:${page.limit}`, () => filedPage(db, page, nowMs));
  const rows = [...kept.rows];
  for (const i of kept.varying) rows[i] = toRow(kept.filed[i]!, live(kept.filed[i]!.id), nowMs);
  return { total: kept.total, rows, datasets: kept.datasets };
}
