import Database from 'better-sqlite3';
import { AppError } from '../errors';
import { storageFailure } from './failures';
import { migrate } from './migrate';

export type Db = Database.Database;

export interface OpenOptions {
  /** Refuse to create the file when it does not exist. */
  mustExist?: boolean;
  /** Skip migrations (a second connection on an already-open project). */
  skipMigrate?: boolean;
}

/**
 * Opens a project file with the pragmas the studio relies on, and migrates it.
 * WAL is checked rather than assumed: some file systems (network shares) silently refuse it.
 */
export function openDb(path: string, options: OpenOptions = {}): Db {
  let db: Db;
  try {
    db = new Database(path, { fileMustExist: options.mustExist ?? false });
  } catch (error) {
    throw new AppError('not_found', `cannot open project ${path}: ${(error as Error).message}`);
  }
  try {
    // Before any pragma that writes (WAL changes the file header): a file that is not a project is left as it was.
    if (options.mustExist) refuseForeignFile(db, path);
    db.pragma('busy_timeout = 5000');
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (String(mode).toLowerCase() !== 'wal') {
      throw new AppError('internal', `${path}: SQLite refused WAL mode (got ${String(mode)}); is it on a network share?`);
    }
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    if (!options.skipMigrate) migrate(db, path);
    return db;
  } catch (error) {
    db.close();
    const failure = storageFailure(error, path);
    throw failure ? new AppError(failure.code, failure.message) : error;
  }
}

/** An existing file must already be a project: an empty file or another program's SQLite database is never converted. */
function refuseForeignFile(db: Db, path: string): void {
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  if (!tables.includes('schema_migrations')) {
    const what = tables.length === 0 ? 'an empty file' : `an SQLite database of another program (tables ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''})`;
    throw new AppError('not_a_project', `${path} is ${what}, not an Anchor Studio project; it was left unchanged — create a new project instead`);
  }
}

/** Checkpoints the WAL into the main file so a copied `*.anchor` file is complete, then closes. */
export function closeDb(db: Db): void {
  if (!db.open) return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
