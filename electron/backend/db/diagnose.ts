import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../errors';
import { sqliteCode, storageFailure } from './failures';
import { memoryCopy, MEMORY_COPY_MAX_BYTES } from './read-only';

/** Below this much free space a disk is full for a project: opening alone needs a 32 KB shared-memory file and a log. */
const LOW_SPACE_BYTES = 1024 * 1024;

function freeBytes(folder: string): number | null {
  try {
    const s = statfsSync(folder);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** The first of the project, its folder and its shared files that this process may not write, named for a person. */
function unwritable(path: string): string {
  const candidates = [[path, 'the file'], [dirname(path), 'its folder'], [`${path}-wal`, 'its write-ahead log'], [`${path}-shm`, 'its shared-memory file']];
  for (const [file, what] of candidates) {
    try {
      if (existsSync(file!)) accessSync(file!, constants.W_OK);
    } catch {
      return `${what} (${file}) may not be written by this user`;
    }
  }
  return 'the file system refused the write';
}

/**
 * `PRAGMA quick_check` on a copy of the file in memory (it must not depend on the shared files that may be what
 * failed): 'ok', or the first problems it found; null when it could not even be read.
 */
function quickCheck(path: string): string | null {
  try {
    if (statSync(path).size > MEMORY_COPY_MAX_BYTES) return null;
    const db = memoryCopy(path);
    try {
      return db.prepare<[], string>('PRAGMA quick_check(5)').pluck().all().join('; ');
    } finally {
      db.close();
    }
  } catch (error) {
    return sqliteCode(error) === 'SQLITE_NOTADB' || sqliteCode(error)?.startsWith('SQLITE_CORRUPT') ? 'unreadable' : null;
  }
}

/**
 * What an error on opening a project means, diagnosed before the verdict: a full disk, a read-only file or folder, a
 * lock held elsewhere (storageFailure tells those by SQLite's code and the disk's free space), and only what a
 * quick_check confirms is called damaged. Anything not about storage is returned as it was.
 */
export function openFailure(error: unknown, path: string): unknown {
  const failure = storageFailure(error, path);
  if (!failure) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const free = freeBytes(dirname(path));
  if ((failure.code === 'disk_full' || failure.code === 'project_damaged') && free !== null && free < LOW_SPACE_BYTES) {
    return new AppError('disk_full', `cannot open ${path}: the disk holding it is full (${free} bytes free; ${detail}); free space, then open it again — the project was not changed`);
  }
  if (failure.code === 'disk_full') {
    return new AppError('disk_full', `cannot open ${path}: the disk refused to give it room (out of space, over a quota or the file-size limit: ${detail}); free space, then open it again — the project was not changed`);
  }
  if (failure.code === 'read_only') return new AppError('read_only', `cannot open ${path}: ${unwritable(path)} (${detail}); check the permissions`);
  if (failure.code !== 'project_damaged') return new AppError(failure.code, failure.message);
  const check = quickCheck(path);
  if (check === 'ok') {
    return new AppError('internal', `${path} could not be opened (${detail}), yet its contents check out (quick_check: ok): it is not damaged; try again, and check the disk if it persists`);
  }
  return new AppError('project_damaged', `${path} is damaged (${detail}${check ? `; quick_check: ${check}` : ''}); restore it from a copy or a backup`);
}
