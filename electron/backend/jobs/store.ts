import type { Db } from '../db/open';
import { statement } from '../db/statements';

/** The SQL of jobs: a finished job's row, written by the work itself in the transaction of its data. */

export interface FinishedJobRow {
  id: string; kind: string; title: string; done: number; total: number; unit: string; input: string; result: string;
  startedAt: string; finishedAt: string;
}

export function insertFinishedJobRow(db: Db, job: FinishedJobRow): void {
  statement<[string, string, string, number, number, string, string, string, string, string]>(db, `INSERT INTO jobs
    (id, kind, title, status, done, total, unit, input, result, started_at, finished_at) VALUES (?, ?, ?, 'done', ?, ?, ?, ?, ?, ?, ?)`)
    .run(job.id, job.kind, job.title, job.done, job.total, job.unit, job.input, job.result, job.startedAt, job.finishedAt);
}
