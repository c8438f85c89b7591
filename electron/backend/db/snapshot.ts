import { changeStamp } from './change-stamp';
import { isBusy, storageFailure } from './failures';
import type { Db } from './open';

/** Writes waiting for the snapshot open on a connection to end, and the file's version that snapshot saw. */
interface OpenSnapshot { writes: (() => void)[]; version: number | null }
const open = new WeakMap<Db, OpenSnapshot>();

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
  open.set(db, snapshot);
  let value: T;
  try {
    value = db.transaction(() => {
      const result = read();
      if (snapshot.writes.length > 0) snapshot.version = changeStamp(db).version;
      return result;
    })();
  } finally {
    open.delete(db);
  }
  if (snapshot.version !== null) writeUnlessChanged(db, snapshot.version, snapshot.writes);
  return value;
}

/**
 * The snapshot's writes, in one write transaction, only while no other connection has committed since the snapshot:
 * what they store was worked out from it, and a commit in between (another process's answer or correction) may have
 * made it wrong. Skipped then, or when the file cannot be written (locked past the busy timeout, a full disk, a
 * read-only file): they only save the next reader work, which reads the file as it is then.
 */
function writeUnlessChanged(db: Db, version: number, writes: readonly (() => void)[]): void {
  try {
    db.transaction(() => {
      if (changeStamp(db).version !== version) return;
      for (const write of writes) write();
    }).immediate();
  } catch (error) {
    if (!isBusy(error) && !storageFailure(error)) throw error;
  }
}

/** True while a readSnapshot read runs on the connection: what it reads is committed, and it writes nothing. */
export const inSnapshot = (db: Db): boolean => open.has(db);

/**
 * Keeps `write`, a write the snapshot's reader may do without (a cache of what it read), for when the snapshot has
 * ended: run then only if the file is still as the snapshot saw it, and dropped when it cannot be written
 * (writeUnlessChanged, which catches its failures outside the transaction: a full disk may have rolled it back whole).
 */
export function afterSnapshot(db: Db, write: () => void): void {
  const snapshot = open.get(db);
  if (!snapshot) throw new Error('afterSnapshot outside a snapshot: write at once, under the write lock');
  snapshot.writes.push(write);
}
