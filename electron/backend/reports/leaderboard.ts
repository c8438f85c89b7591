import type { LeaderboardRow, RunSummary } from '@shared/contract';
import type { Db } from '../db/open';
import { statement } from '../db/statements';
import { shownStatus, type RunRow } from '../runs/runs';
import { summaryColumn, type StoredBoard } from './summary';
import { SUMMARY_FORMAT, unsummarisedRuns } from './summary-store';

interface PageRow {
  id: number; name: string; model: string; kind: RunSummary['kind']; dataset_id: number; dataset_name: string;
  status: RunRow['status']; created_at: string; board: string;
  lease_pid: number | null; lease_host: string | null; lease_since: string | null; lease_expires: number | null;
}

// Sorted and paged by SQLite on the stored accuracy: a page costs about the same with 1 run or 500.
const BOARD_FROM = `FROM runs r JOIN datasets d ON d.id = r.dataset_id JOIN run_summaries s ON s.run_id = r.id AND s.format = ${SUMMARY_FORMAT}
  WHERE r.optimization_id IS NULL AND (@dataset IS NULL OR r.dataset_id = @dataset)`;
const PAGE_SQL = `SELECT r.id, r.name, r.model, r.kind, r.dataset_id, d.name AS dataset_name, r.status, r.created_at, s.board,
    l.pid AS lease_pid, l.host AS lease_host, l.started_at AS lease_since, l.expires_at AS lease_expires
  ${BOARD_FROM.replace('WHERE', 'LEFT JOIN run_leases l ON l.run_id = r.id WHERE')}
  ORDER BY d.name COLLATE NOCASE, d.name, s.accuracy DESC, r.id LIMIT @limit OFFSET @offset`;
const DATASETS_SQL = `SELECT d.id, d.name, count(*) AS runs FROM runs r JOIN datasets d ON d.id = r.dataset_id
  WHERE r.optimization_id IS NULL GROUP BY d.id ORDER BY d.name COLLATE NOCASE, d.name`;

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
  const rows = statement(db, PAGE_SQL).all(params) as PageRow[];
  const total = statement(db, `SELECT count(*) ${BOARD_FROM}`).pluck().get({ dataset: page.datasetId }) as number;
  const datasets = statement(db, DATASETS_SQL).all() as { id: number; name: string; runs: number }[];
  return { total, rows: rows.map((r) => toRow(r, live(r.id), nowMs)), datasets };
}
