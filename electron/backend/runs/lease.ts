import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { processGone, thisHost } from '../processes';
import { deleteLease, extendLease, leaseRow, upsertLease, type LeaseRow } from './store/leases';

/** Who executes a run right now, as another process sees it. */
export interface LeaseHolder {
  pid: number;
  host: string;
  since: string;
}

/**
 * How long a lease lives without a heartbeat. Long enough that a busy machine renews it in time (heartbeats come every
 * third of it), short enough that a killed holder's run is free again soon. `ANCHOR_RUN_LEASE_MS` shortens it in tests.
 */
export function leaseTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.ANCHOR_RUN_LEASE_MS);
  return Number.isFinite(ms) && ms >= 100 ? ms : 15_000;
}

/** A token for one launch of one run: a process may execute several runs, and runs one twice over its life. */
export function newHolderToken(): string {
  return `${process.pid}:${randomUUID()}`;
}

/**
 * Whether a lease still stands: renewed in time and, on this machine, its holder's process still exists (a holder whose
 * process is gone cannot renew it: there is no reason to wait for expiry).
 */
export function leaseStands(row: Pick<LeaseRow, 'pid' | 'host' | 'expires'>, nowMs: number): boolean {
  return row.expires > nowMs && !processGone(row.pid, row.host);
}

/** The lease's holder while it is valid (renewed in time, holder alive); null when nobody executes the run. */
export function currentHolder(db: Db, runId: number, nowMs: number): (LeaseHolder & { token: string }) | null {
  const row = leaseRow(db, runId);
  if (!row || !leaseStands(row, nowMs)) return null;
  return { pid: row.pid, host: row.host, since: row.since, token: row.holder };
}

export function describeHolder(runId: number, h: LeaseHolder): string {
  return `run ${runId} is running in process ${h.pid} on ${h.host} since ${h.since}; wait for it to finish, or pause it there`;
}

/**
 * Takes the run's lease for `token`, or refuses with who holds it. Call inside an IMMEDIATE transaction: the check and
 * the write must not be split by another process's take.
 */
export function takeLease(db: Db, runId: number, token: string, now: Date, ttlMs: number): void {
  const held = currentHolder(db, runId, now.getTime());
  if (held && held.token !== token) throw new AppError('conflict', describeHolder(runId, held));
  const at = now.toISOString();
  upsertLease(db, runId, token, process.pid, thisHost, at, now.getTime() + ttlMs);
}

/** Extends the lease; false when it is no longer ours (it expired and another process took the run over). */
export function renewLease(db: Db, runId: number, token: string, now: Date, ttlMs: number): boolean {
  return extendLease(db, runId, token, now.toISOString(), now.getTime() + ttlMs);
}

export function releaseLease(db: Db, runId: number, token: string): void {
  deleteLease(db, runId, token);
}
