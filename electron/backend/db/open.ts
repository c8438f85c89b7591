import { existsSync, statSync } from 'node:fs';
import { AppError } from '../errors';
import { Connection } from './connection';
import { openFailure } from './diagnose';
import { migrate, pendingMigrations } from './migrate';
import { healSharedFiles, openReadOnlyDb, readOnlyReason } from './read-only';
import { missingSchemaObjects, quickCheckTables } from './schema-check';

/** A project connection and what it keeps (connection.ts). */
export type Db = Connection;

export interface OpenOptions {
  /** Refuse to create the file when it does not exist. */
  mustExist?: boolean;
  /** Skip migrations (a second connection on an already-open project). */
  skipMigrate?: boolean;
  /**
   * The file as this machine's last clean close of it left it: when it still is, its pages were checked then and
   * nothing has written it since, so the page check is skipped (DECISIONS 147).
   */
  closedAs?: FileStamp | null;
}

/** What tells whether a file was written since: its size and modification time. */
export interface FileStamp { size: number; mtimeMs: number }

export function fileStamp(path: string): FileStamp {
  const st = statSync(path);
  return { size: st.size, mtimeMs: st.mtimeMs };
}

/** Whether nothing wrote the file since it was stamped: same size and time, and no write-ahead log holding changes. */
function unchangedSince(path: string, stamp: FileStamp | null | undefined): boolean {
  if (!stamp) return false;
  const now = fileStamp(path);
  const wal = `${path}-wal`;
  return now.size === stamp.size && now.mtimeMs === stamp.mtimeMs && (!existsSync(wal) || statSync(wal).size === 0);
}

/**
 * Opens a project file with the pragmas the studio relies on, and migrates it. WAL is checked rather than assumed: some
 * file systems (network shares) silently refuse it. A project this process may not write opens read-only, leaving
 * nothing beside it (read-only.ts); a failure is diagnosed before it is named (diagnose.ts).
 */
export function openDb(path: string, options: OpenOptions = {}): Db {
  const readOnly = options.mustExist && existsSync(path) ? readOnlyReason(path) : null;
  if (options.mustExist && !readOnly) healSharedFiles(path);
  const pagesKnown = options.mustExist ? unchangedSince(path, options.closedAs) : false;
  let db: Db;
  try {
    db = readOnly ? openReadOnlyDb(path, readOnly) : new Connection(path, { fileMustExist: options.mustExist ?? false });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const diagnosed = openFailure(error, path);
    throw diagnosed instanceof AppError ? diagnosed : new AppError('not_found', `cannot open project ${path}: ${(error as Error).message}`);
  }
  try {
    // Before any pragma that writes (WAL changes the file header): a file that is not a project is left as it was.
    if (options.mustExist) refuseForeignFile(db, path);
    if (readOnly) return checkReadOnly(db, path, readOnly, pagesKnown);
    db.pragma('busy_timeout = 5000');
    // Before anything is written into it, a migration included: a damaged file is named, not written into.
    if (options.mustExist && !options.skipMigrate) refuseDamage(db, path, pagesKnown);
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
    throw openFailure(error, path);
  }
}

/** A read-only project is read as it is: one that needs migrating cannot be, and says how to fix that. */
function checkReadOnly(db: Db, path: string, reason: string, pagesKnown: boolean): Db {
  db.pragma('foreign_keys = ON');
  const pending = pendingMigrations(db, path);
  if (pending.length > 0) {
    throw new AppError('read_only', `${path} cannot be written (${reason}) and needs upgrading to this build (${pending.length} migrations); make it writable and open it once`);
  }
  refuseDamage(db, path, pagesKnown);
  return db;
}

/**
 * Refuses a project whose schema lacks what its migrations made, or whose tables' pages fail `quick_check` (all but
 * the images, DECISIONS 147): such a file would pass reads that miss the damage and take writes into it. A newer
 * schema is refused first, so a newer build's tables are never taken for damage. The pages are not read again when
 * nothing wrote the file since this machine last closed it (`pagesKnown`).
 */
function refuseDamage(db: Db, path: string, pagesKnown: boolean): void {
  pendingMigrations(db, path);
  const doctor = `see what \`anchor doctor project --project ${path}\` finds, and restore it from a copy or a backup`;
  const missing = missingSchemaObjects(db);
  if (missing.length > 0) throw new AppError('project_damaged', `${path} is damaged: it lacks ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}; ${doctor}`);
  if (pagesKnown) return;
  const problems = quickCheckTables(db);
  if (problems.length > 0) throw new AppError('project_damaged', `${path} is damaged (quick_check: ${problems.join('; ')}); ${doctor}`);
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
    // A read-only project has nothing of its own to checkpoint, and may not write the file to do it.
    if (!db.readonly) db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * Opens a project to be examined (`anchor doctor project`): no migration, no damage refused — finding it is the
 * point — but a newer build's file and a file that is not a project are still refused, and a file this process may
 * not write is read from a copy. `writable` asks for a connection that may repair.
 */
export function openForCheck(path: string, writable: boolean): Db {
  const readOnly = readOnlyReason(path);
  if (readOnly && writable) throw new AppError('read_only', `${path} cannot be written (${readOnly}); make it writable to repair it, or check it without --fix`);
  if (!readOnly) healSharedFiles(path);
  let db: Db;
  try {
    db = readOnly ? openReadOnlyDb(path, readOnly) : new Connection(path, { fileMustExist: true });
  } catch (error) {
    throw openFailure(error, path);
  }
  try {
    refuseForeignFile(db, path);
    if (!readOnly) db.pragma('busy_timeout = 5000');
    pendingMigrations(db, path);
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    throw openFailure(error, path);
  }
}
