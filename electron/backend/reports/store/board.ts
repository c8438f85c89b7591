import type { RunSummary } from '@shared/contract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';
import type { RunRow } from '../../runs/runs';
import { SUMMARY_FORMAT } from './summaries';

/** The leaderboard's SQL: the datasets with their runs' counts, a page of runs, their rows and stored boards, a run's lease. */

/** A dataset that has runs: how many, and how many are on the board (a summary of this format). */
export interface BoardDataset { id: number; name: string; runs: number; filed: number }

// One scan for what took two (the datasets and the page's total): each scans every run. Freshness from the
// summaries' covering index, not their rows (each fills pages of its own).
const DATASETS_SQL = `SELECT d.id, d.name, count(*) AS runs, count(s.run_id) AS filed
  FROM runs r JOIN datasets d ON d.id = r.dataset_id LEFT JOIN run_summaries s INDEXED BY run_summaries_board ON s.run_id = r.id
    AND s.format = ${SUMMARY_FORMAT}
  WHERE r.optimization_id IS NULL GROUP BY d.id ORDER BY d.name COLLATE NOCASE, d.name`;

/** A page's place: a run, the revision of what its row shows (migration 0014), and whether some executor leases it. */
export type PagePlace = [id: number, revision: number, leased: number];

// Sorted and paged by SQLite on the stored setting and accuracy (runs of one setting together, issue 34): a page costs
// about the same with 1 run or 500; the setting is read from the board the covering index holds. Raw rows of
// numbers: the rows themselves are read only for revisions not seen before (BoardRow).
const PAGE_SQL = `SELECT r.id, s.board_rev, l.run_id IS NOT NULL
  FROM runs r JOIN datasets d ON d.id = r.dataset_id JOIN run_summaries s ON s.run_id = r.id AND s.format = ${SUMMARY_FORMAT}
  LEFT JOIN run_leases l ON l.run_id = r.id
  WHERE r.optimization_id IS NULL AND (@dataset IS NULL OR r.dataset_id = @dataset)
    AND (@setting IS NULL OR json_extract(s.board, '$.setting.key') = @setting)
  ORDER BY d.name COLLATE NOCASE, d.name, json_extract(s.board, '$.setting.key'), s.accuracy DESC, r.id LIMIT @limit OFFSET @offset`;

/** A leaderboard row as the file holds it, in this order. */
export type BoardRow = [
  id: number, name: string, model: string, kind: RunSummary['kind'], datasetId: number, status: RunRow['status'], createdAt: string,
  board: string, revision: number,
];

const ROWS_SQL = `SELECT r.id, r.name, r.model, r.kind, r.dataset_id, r.status, r.created_at, s.board, s.board_rev
  FROM json_each(@ids) j CROSS JOIN runs r ON r.id = j.value JOIN run_summaries s ON s.run_id = r.id AND s.format = ${SUMMARY_FORMAT}`;

export interface LeaseRow { lease_pid: number | null; lease_host: string | null; lease_since: string | null; lease_expires: number | null }

type PageParams = { dataset: number | null; setting: string | null; limit: number; offset: number };

/** A setting of a dataset's runs on the board: its stored description (JSON) and how many runs it holds. */
export interface SettingRow { setting: string; runs: number }

const SETTINGS_SQL = `SELECT json_extract(s.board, '$.setting') AS setting, count(*) AS runs
  FROM runs r JOIN run_summaries s ON s.run_id = r.id AND s.format = ${SUMMARY_FORMAT}
  WHERE r.optimization_id IS NULL AND r.dataset_id = ? GROUP BY json_extract(s.board, '$.setting.key')
  ORDER BY runs DESC, json_extract(s.board, '$.setting.key')`;
export const boardSettings = (db: Db, datasetId: number) => statement<[number], SettingRow>(db, SETTINGS_SQL).all(datasetId);
export const boardDatasets = (db: Db) => statement<[], BoardDataset>(db, DATASETS_SQL).all();
export const boardPage = (db: Db, params: PageParams) => statement<[PageParams], PagePlace>(db, PAGE_SQL).raw(true).all(params);
export const boardRows = (db: Db, ids: readonly number[]) =>
  statement<[{ ids: string }], BoardRow>(db, ROWS_SQL).raw(true).all({ ids: JSON.stringify(ids) });
/** A run's lease, read only for a row that has one. */
export const boardLease = (db: Db, runId: number): LeaseRow => statement<[number], LeaseRow>(db, `SELECT pid AS lease_pid, host AS lease_host,
  started_at AS lease_since, expires_at AS lease_expires FROM run_leases WHERE run_id = ?`).get(runId)
  ?? { lease_pid: null, lease_host: null, lease_since: null, lease_expires: null };
