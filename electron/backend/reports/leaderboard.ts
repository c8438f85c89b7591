import type { LeaderboardRow, RunSummary } from '@shared/contract';
import type { Db } from '../db/open';
import { shownStatus } from '../runs/runs';
import { summaryColumn, type StoredBoard } from './summary';
import { boardDatasets, boardPageRows, boardTotal, type PageRow } from './store/board';
import { unsummarisedRuns } from './store/summaries';

function toRow(r: PageRow, live: RunSummary['live'], nowMs: number): LeaderboardRow {
  const board = JSON.parse(r.board) as StoredBoard;
  return {
    runId: r.id, name: r.name, model: r.model, kind: r.kind, datasetId: r.dataset_id, datasetName: r.dataset_name,
    status: shownStatus(r, live, nowMs).status, circular: board.circular, images: board.images, questions: board.questions,
    accuracy: board.accuracy, genuineAccuracy: board.genuineAccuracy, createdAt: r.created_at,
  };
}

export interface BoardPage { datasetId: number | null; offset: number; limit: number }

/**
 * A page of the leaderboard, best first within each dataset, read from stored summaries. Runs without a fresh summary
 * (running, just changed, from an older build) get one first: the cost follows what changed, not every prediction.
 */
export function leaderboardPage(db: Db, live: (id: number) => RunSummary['live'], nowMs: number, page: BoardPage) {
  for (const id of unsummarisedRuns(db)) summaryColumn(db, id, 'board');
  const params = { dataset: page.datasetId, limit: page.limit, offset: page.offset };
  const rows = boardPageRows(db, params);
  const total = boardTotal(db, page.datasetId);
  const datasets = boardDatasets(db);
  return { total, rows: rows.map((r) => toRow(r, live(r.id), nowMs)), datasets };
}
