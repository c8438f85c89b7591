import { changeStamp, sameStamp, type ChangeStamp } from '../db/change-stamp';
import { readSnapshot } from '../db/snapshot';
import type { ReportCache } from './report-cache';

/**
 * Reads kept until the project file changes (issue 20). A team reopens the leaderboard and its comparisons many times
 * a day between two evaluations; while no row of the file was written, by this process or another, the answer is the
 * same, so it is given again instead of read again. What depends on the clock or on this process's live runs (a run's
 * shown status) is not kept: callers keep only what they read from the file.
 */
export interface Kept { stamp: ChangeStamp; value: unknown }

// A handful of pages and comparisons a screen moves between; the oldest goes first.
const KEPT_PER_PROJECT = 32;

/**
 * `read()`'s value for `key`, read again only when the file changed since it was kept. Never kept inside a
 * transaction (its writes may yet be rolled back) nor when another connection committed while it was being read
 * (the read itself sees one state of the file, db/snapshot.ts, but perhaps not the one `before` names). The value is
 * shared between callers: they must not change it. `prepare` runs on a miss, before the read's snapshot opens; not
 * inside a caller's transaction, where nothing is stored (reports/summary.ts).
 */
export function readKept<T>(cache: ReportCache, key: string, read: () => T, prepare?: () => void): T {
  const { db, reads: byKey } = cache;
  if (db.inTransaction) return read();
  const before = changeStamp(db);
  const hit = byKey.get(key);
  if (hit && sameStamp(hit.stamp, before)) return hit.value as T;
  // Writes the read needs first (the leaderboard's missing summaries) run before its snapshot, each on its own.
  prepare?.();
  // The stamp read at the snapshot's end: its version is the snapshot's (another connection's later commits are not
  // in it). A summary the read worked out is stored after the snapshot (db/snapshot.ts), which moves the count: the
  // next call reads once more, from stored summaries.
  let after = before;
  const value = readSnapshot(db, () => {
    const fresh = read();
    after = changeStamp(db);
    return fresh;
  });
  byKey.delete(key);
  if (after.version === before.version) {
    byKey.set(key, { stamp: after, value });
    if (byKey.size > KEPT_PER_PROJECT) byKey.delete(byKey.keys().next().value!);
  }
  return value;
}
