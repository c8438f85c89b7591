import { accessSync, chmodSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { Connection } from './connection';
import { AppError } from '../errors';

const sharedFiles = (path: string) => [`${path}-wal`, `${path}-shm`];

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why this process may not write the project, or null when it may: the file is read-only, or its folder is and the
 * write-ahead log and shared-memory files SQLite needs are not already there to write.
 */
export function readOnlyReason(path: string): string | null {
  if (!canWrite(path)) return 'the file is read-only';
  if (!canWrite(dirname(path)) && !sharedFiles(path).every(canWrite)) return 'its folder is read-only';
  return null;
}

/**
 * A `-wal` or `-shm` file this user owns but may not write is left from a read-only open by an older build (SQLite
 * gives them the project's mode, 0444): SQLite would open it read-only and refuse every write, even once the project
 * is writable again. Giving the owner write permission back changes nothing else about the file.
 */
export function healSharedFiles(path: string): void {
  const uid = process.getuid?.();
  for (const file of sharedFiles(path)) {
    try {
      const st = statSync(file);
      if (st.uid === uid && (st.mode & 0o200) === 0) chmodSync(file, st.mode | 0o200);
    } catch {
      // Absent, or not ours to change: SQLite reports what it cannot do.
    }
  }
}

/** Above this a read-only project is read in place rather than copied into memory. */
export const MEMORY_COPY_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Opens a project this process may not write without leaving anything beside it: SQLite would create `-wal` and
 * `-shm` files for a WAL-mode file (with the project's mode, read-only), and `immutable` needs URI filenames, which
 * this SQLite build has turned off. So the file is read into memory as a read-only database (its header marked as a
 * rollback-journal file, which an in-memory copy needs); a file too large for that is read in place, and the shared
 * files SQLite makes are given their owner's write permission so they never block a later open.
 */
export function openReadOnlyDb(path: string, reason: string): Connection {
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    throw new AppError('read_only', `${path} cannot be written (${reason}) and its write-ahead log ${wal} holds changes not yet in it; `
      + 'make the file and its folder writable and open it once, so they are folded in');
  }
  if (statSync(path).size > MEMORY_COPY_MAX_BYTES) {
    const db = new Connection(path, { readonly: true, fileMustExist: true });
    db.pragma('schema_version'); // the first read is when SQLite makes the shared files
    healSharedFiles(path);
    return db;
  }
  return memoryCopy(path);
}

/** The file as a read-only database in memory; nothing is created beside it and no lock is taken on it. */
export function memoryCopy(path: string): Connection {
  const bytes = readFileSync(path);
  // Bytes 18 and 19 are the write and read versions: 2 is WAL, which an in-memory database cannot be.
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes.fill(1, 18, 20);
  return new Connection(bytes, { readonly: true });
}
