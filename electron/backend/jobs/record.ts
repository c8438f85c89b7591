import type { Db } from '../db/open';
import { insertFinishedJobRow } from './store';

/** A job that succeeded, as its work records it in the project (jobs that fail leave no row: see `JobRegistry`). */
export interface FinishedJob {
  id: string; kind: string; title: string; done: number; total: number; unit: string; input: unknown; result: unknown;
  startedAt: string; finishedAt: string;
}

/** Records the finished job; called inside the transaction that writes the job's data, so both land or neither. */
export function recordFinishedJob(db: Db, job: FinishedJob): void {
  insertFinishedJobRow(db, { ...job, input: JSON.stringify(job.input), result: JSON.stringify(job.result) });
}
