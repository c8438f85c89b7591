import { changeStamp } from './change-stamp';
import { isBusy, storageFailure } from './failures';
import type { OpenSnapshot } from './connection';
import type { Db } from './open';

/**
 * Runs several reads in one read transaction: they see one state of the file (a page and its total, a comparison's
 * runs and their chunks, never half of another process's commit), and take the file's locks once. Outside a
 * transaction each statement takes and drops them itself, two `fcntl` calls and an `fstat`: ~6 µs a statement here,
 * more than most report reads cost. Inside a caller's transaction the reads simply join it.
 *
 * The snapshot stays a pure read: a write asked for inside it (a summary stored on the way, afterSnapshot) runs once
 * it has ended. Inside a read transaction SQLite would not wait for another process's write (busy_timeout does not
 * apply to the upgrade), would hold the write lock to the end of the read, and a failed write would roll the read back.
 */
export function readSnapshot<T>(db: Db, read: () => T): T {
  if (db.inTransaction) return read();
  const snapshot: OpenSnapshot = { writes: [], version: null };
  db.snapshot = snapshot;
  let value: T;
  try {
    value = db.transaction(() => {
      const result = read();
      if (snapshot.writes.length > 0) snapshot.version = changeStamp(db).version;
      return result;
    })();
  } finally {
    db.snapshot = null;
  }
  if (snapshot.version !== null) writeIfUnchanged(db, snapshot.version, () => snapshot.writes.forEach((write) => write()));
  return value;
}

/**
 * One short write transaction for what was worked out from a snapshot that saw the file at `version`: `write` while
 * no other connection has committed since (a commit in between, another process's answer or correction, may have
 * made it wrong), else `otherwise`, both under the write lock. False when the file cannot be written now (locked past
 * the busy timeout, full, read-only): such writes only save a later reader work. Failures are caught outside the
 * transaction, which a full disk may have rolled back whole.
 */
export function writeIfUnchanged(db: Db, version: number, write: () => void, otherwise?: () => void): boolean {
  try {
    db.transaction(() => {
      if (changeStamp(db).version === version) write();
      else otherwise?.();
    }).immediate();
    return true;
  } catch (error) {
    if (!isBusy(error) && !storageFailure(error)) throw error;
    return false;
  }
}

/** True while a readSnapshot read runs on the connection: what it reads is committed, and it writes nothing. */
export const inSnapshot = (db: Db): boolean => db.snapshot !== null;

/**
 * Keeps `write`, a write the snapshot's reader may do without (a cache of what it read), for when the snapshot has
 * ended: run then only if the file is still as the snapshot saw it, and dropped when it cannot be written
 * (writeIfUnchanged).
 */
export function afterSnapshot(db: Db, write: () => void): void {
  const snapshot = db.snapshot;
  if (!snapshot) throw new Error('afterSnapshot outside a snapshot: write at once, under the write lock');
  snapshot.writes.push(write);
}
