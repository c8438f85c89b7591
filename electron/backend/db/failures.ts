import Database from 'better-sqlite3';
import type { ApiError } from '@shared/contract';

/** SQLite's result code of an error thrown by better-sqlite3 (`SQLITE_BUSY`, `SQLITE_IOERR_WRITE`, …), else null. */
export function sqliteCode(error: unknown): string | null {
  return error instanceof Database.SqliteError ? error.code : null;
}

/** Another connection holds the write lock past the busy timeout: worth trying again, nothing is wrong with the file. */
export function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== null && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Writes the disk refused for want of room: out of space, over a quota or over the file-size limit. SHMSIZE is the
 * shared-memory file an open sizes before its first read: on a full disk, opening fails there.
 */
const refusedSpace = new Set(['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_IOERR_TRUNCATE', 'SQLITE_IOERR_SHMSIZE']);

/**
 * The storage failure behind an error, with a code and a message a person can act on; null when the error is not
 * about the file or the disk. A failed write (SQLITE_IOERR_WRITE) is reported as a full disk: out of space, over a
 * quota or over the file-size limit is what refuses writes in practice.
 */
export function storageFailure(error: unknown, path = 'the project file'): ApiError | null {
  const code = sqliteCode(error);
  if (code === null) return null;
  const detail = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return { code: 'locked', message: `${path} is locked by another process (${detail}); try again when it has finished writing` };
  }
  if (refusedSpace.has(code)) {
    return { code: 'disk_full', message: `could not write to ${path}: the disk is full or the file may not grow (${detail}); free space, then open the project again — nothing written before is lost` };
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') {
    return { code: 'read_only', message: `${path} cannot be written (${detail}); check the file's and its folder's permissions` };
  }
  if (code === 'SQLITE_NOTADB') return { code: 'not_a_project', message: `${path} is not an Anchor Studio project (${detail})` };
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_IOERR')) {
    return { code: 'project_damaged', message: `${path} is damaged (${detail}); restore it from a copy or a backup` };
  }
  return null;
}
