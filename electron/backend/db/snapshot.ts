import type { Db } from './open';

/**
 * Runs several reads in one read transaction: they see one state of the file (a page and its total, a comparison's
 * runs and their chunks, never half of another process's commit), and take the file's locks once. Outside a
 * transaction each statement takes and drops them itself, two `fcntl` calls and an `fstat`: ~6 µs a statement here,
 * more than most report reads cost. A write inside (a summary refreshed on the way) commits with it; inside a
 * caller's transaction the reads simply join it.
 */
export function readSnapshot<T>(db: Db, read: () => T): T {
  return db.inTransaction ? read() : db.transaction(read)();
}
