import type { Db } from '../../db/open';

/** A run's lease row: who executes it, since when, and until when it is valid without a heartbeat. */
export interface LeaseRow { holder: string; pid: number; host: string; since: string; expires: number }

export function leaseRow(db: Db, runId: number): LeaseRow | undefined {
  return db.prepare<[number], LeaseRow>(`SELECT holder, pid, host, started_at AS since, expires_at AS expires FROM run_leases WHERE run_id = ?`)
    .get(runId);
}

export function upsertLease(db: Db, runId: number, token: string, pid: number, host: string, at: string, expiresAt: number): void {
  db.prepare(`INSERT INTO run_leases (run_id, holder, pid, host, started_at, heartbeat_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (run_id) DO UPDATE SET holder = excluded.holder, pid = excluded.pid, host = excluded.host,
      started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at`)
    .run(runId, token, pid, host, at, at, expiresAt);
}

export function extendLease(db: Db, runId: number, token: string, at: string, expiresAt: number): boolean {
  return db.prepare('UPDATE run_leases SET heartbeat_at = ?, expires_at = ? WHERE run_id = ? AND holder = ?')
    .run(at, expiresAt, runId, token).changes > 0;
}

export function deleteLease(db: Db, runId: number, token: string): void {
  db.prepare('DELETE FROM run_leases WHERE run_id = ? AND holder = ?').run(runId, token);
}
