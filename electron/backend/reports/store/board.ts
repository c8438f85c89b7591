import type { RunSummary } from '@shared/contract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';
import type { RunRow } from '../../runs/runs';
import { SUMMARY_FORMAT } from './summaries';

/** The leaderboard's SQL: a page of runs with their stored board, their count, and the datasets that have runs. */

export interface PageRow {
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

type PageParams = { dataset: number | null; limit: number; offset: number };
export const boardPageRows = (db: Db, params: PageParams) => statement<[PageParams], PageRow>(db, PAGE_SQL).all(params);
// count(*) without GROUP BY always gives a row.
export const boardTotal = (db: Db, dataset: number | null) =>
  statement<[{ dataset: number | null }], number>(db, `SELECT count(*) ${BOARD_FROM}`).pluck().get({ dataset })!;
export const boardDatasets = (db: Db) => statement<[], { id: number; name: string; runs: number }>(db, DATASETS_SQL).all();
