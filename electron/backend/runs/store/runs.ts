import type { RunStatus, RunSummary } from '@shared/contract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';
import { AppError } from '../../errors';
import type { FrozenConfig } from '../config';

export interface RunRow {
  id: number; name: string; dataset_id: number; kind: RunSummary['kind']; endpoint: string; model: string;
  config: string; config_hash: string; status: Exclude<RunStatus, 'interrupted'>; error: string | null;
  created_at: string; finished_at: string | null;
}

export function runRow(db: Db, id: number): RunRow {
  const row = db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
  if (!row) throw new AppError('not_found', `run ${id} does not exist`);
  return row;
}

export function runConfig(row: Pick<RunRow, 'config'>): FrozenConfig {
  return JSON.parse(row.config) as FrozenConfig;
}

/** A run's stored status; called for every stored answer, so through the connection's prepared statement. */
export function runStatusOf(db: Db, runId: number): string | undefined {
  const status: unknown = statement(db, 'SELECT status FROM runs WHERE id = ?').pluck().get(runId);
  return typeof status === 'string' ? status : undefined;
}
