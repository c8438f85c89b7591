import type { RunStatus, RunSummary } from '@shared/contract';
import type { Db } from '../../db/open';
import { jsonColumn } from '../../db/json-column';
import { statement } from '../../db/statements';
import { AppError } from '../../errors';
import type { FrozenConfig } from '../config';

export interface RunRow {
  id: number; name: string; dataset_id: number; kind: RunSummary['kind']; endpoint: string; model: string;
  config: string; config_hash: string; status: Exclude<RunStatus, 'interrupted'>; error: string | null;
  created_at: string; finished_at: string | null;
}

export function runRow(db: Db, id: number): RunRow {
  const row = db.prepare<[number], RunRow>('SELECT * FROM runs WHERE id = ?').get(id);
  if (!row) throw new AppError('not_found', `run ${id} does not exist`);
  return row;
}

/** The run's frozen configuration, as `insertRun` wrote it (read once per run; no schema in the contract to check it by). */
export function runConfig(row: Pick<RunRow, 'config'>): FrozenConfig {
  return jsonColumn<FrozenConfig>(row.config);
}

/** A run's stored status; called for every stored answer, so through the connection's prepared statement. */
export function runStatusOf(db: Db, runId: number): string | undefined {
  const status: unknown = statement(db, 'SELECT status FROM runs WHERE id = ?').pluck().get(runId);
  return typeof status === 'string' ? status : undefined;
}

/** A new run row; its units are written by the caller in the same transaction. */
export interface NewRun {
  name: string; datasetId: number; kind: RunRow['kind']; endpoint: string; model: string; config: FrozenConfig; configHash: string;
  status: 'pending' | 'done'; userId: string | null; createdAt: string; finishedAt: string | null;
}

export function insertRun(db: Db, r: NewRun): number {
  return Number(db.prepare(`INSERT INTO runs (name, dataset_id, kind, endpoint, model, config, config_hash, status, created_by, created_at, finished_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    r.name, r.datasetId, r.kind, r.endpoint, r.model, JSON.stringify(r.config), r.configHash, r.status, r.userId, r.createdAt, r.finishedAt,
  ).lastInsertRowid);
}

/** Writes units one by one (`position` order) through one prepared statement. */
export function unitInserter(db: Db): (runId: number, position: number,
  u: { questionId: number; pass: number; options: unknown; answer: unknown; flag: string | null }) => void {
  const insert = db.prepare('INSERT INTO run_units (run_id, position, question_id, pass, options, answer, flag) VALUES (?, ?, ?, ?, ?, ?, ?)');
  return (runId, position, u) => void insert.run(runId, position, u.questionId, u.pass, JSON.stringify(u.options), JSON.stringify(u.answer), u.flag);
}

export function copyUnits(db: Db, fromRun: number, toRun: number): void {
  db.prepare(`INSERT INTO run_units (run_id, position, question_id, pass, options, answer, flag)
    SELECT ?, position, question_id, pass, options, answer, flag FROM run_units WHERE run_id = ?`).run(toRun, fromRun);
}

/** The newest unfinished run with this configuration hash. */
export function unfinishedRunWithHash(db: Db, hash: string): number | null {
  const id: unknown = db.prepare(`SELECT id FROM runs WHERE config_hash = ? AND status NOT IN ('done') ORDER BY id DESC LIMIT 1`).pluck().get(hash);
  return typeof id === 'number' ? id : null;
}

export function updateRunStatus(db: Db, id: number, status: RunRow['status'], error: string | null, finishedAt: string | null): void {
  db.prepare('UPDATE runs SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(status, error, finishedAt, id);
}

export function deleteRunRow(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM runs WHERE id = ?').run(id).changes > 0;
}

/** A run as the run list shows it: its row, dataset name and the lease of whoever executes it. */
export interface SummaryRow extends RunRow {
  dataset_name: string;
  lease_pid: number | null; lease_host: string | null; lease_since: string | null; lease_expires: number | null;
}

const SUMMARY_SQL = `SELECT r.*, d.name AS dataset_name,
    l.pid AS lease_pid, l.host AS lease_host, l.started_at AS lease_since, l.expires_at AS lease_expires
  FROM runs r JOIN datasets d ON d.id = r.dataset_id
  LEFT JOIN run_leases l ON l.run_id = r.id`;

/** Runs people started; the few-shot runs a TP-Eval optimisation makes are listed with the optimisation instead. */
export function summaryRows(db: Db): SummaryRow[] {
  return db.prepare<[], SummaryRow>(`${SUMMARY_SQL} WHERE r.optimization_id IS NULL ORDER BY r.id DESC`).all();
}

export function summaryRow(db: Db, id: number): SummaryRow | undefined {
  return db.prepare<[number], SummaryRow>(`${SUMMARY_SQL} WHERE r.id = ?`).get(id);
}

export function unitCount(db: Db, runId: number): number {
  return Number(db.prepare('SELECT count(*) FROM run_units WHERE run_id = ?').pluck().get(runId));
}

/** Marks a run as one of a TP-Eval optimisation's few-shot runs (listed with the optimisation, not in Runs). */
export function setRunOptimization(db: Db, runId: number, optimizationId: number): void {
  statement(db, 'UPDATE runs SET optimization_id = ? WHERE id = ?').run(optimizationId, runId);
}
