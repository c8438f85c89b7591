import type { Db } from '../../db/open';

/** The provider batch a run was sent as, kept until its lines are stored so a restart polls it instead of resending. */
export function savedBatch(db: Db, runId: number): { batchId: string } | undefined {
  const batchId: unknown = db.prepare('SELECT batch_id FROM run_batches WHERE run_id = ?').pluck().get(runId);
  return typeof batchId === 'string' ? { batchId } : undefined;
}

export function rememberBatch(db: Db, runId: number, sent: { inputFileId: string; batchId: string }, requests: number, at: string): void {
  db.prepare('INSERT INTO run_batches (run_id, input_file_id, batch_id, requests, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(runId, sent.inputFileId, sent.batchId, requests, at);
}

export function forgetBatch(db: Db, runId: number): void {
  db.prepare('DELETE FROM run_batches WHERE run_id = ?').run(runId);
}
