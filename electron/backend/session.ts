import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ProjectInfo } from '@shared/contract';
import type { RunSummaries } from './db/connection';
import { closeDb, fileStamp, openDb, type Db, type FileStamp } from './db/open';
import { AppError } from './errors';

/** How a project is opened: `summaries` is required, so no caller can open one that silently stops refreshing them. */
export interface SessionOptions {
  /** How settled runs' summaries are kept in step (reports/summary.ts `runSummaries`), handed to the connection. */
  summaries: RunSummaries;
  /** The demo project (rebuilt when missing). */
  isDemo?: boolean;
  /** The file as this machine last closed it (see `openDb`). */
  closedAs?: FileStamp | null;
}

/**
 * The open project, everything the backend keeps for it, and when that ends: made by `open`/`create`, dropped by
 * `close`. Its fields:
 * - `path`: the project file;
 * - `isDemo`: whether it is the demo project;
 * - `db`: the main connection every service uses. The per-project caches and hooks are that connection's fields
 *   (db/connection.ts: prepared statements, the open read snapshot, the open summary batch, thumbnails being made, and
 *   the run summaries hook), so whoever is handed the connection is handed them, and closing it drops them. The
 *   reports' kept reads are the Reports service's for this connection (reports/report-cache.ts), dropped on close too.
 *
 * Connections opened for other work (an import's publishing connection, the demo's build, `anchor doctor`) are their
 * own Connection, with their own statements and no summaries hook: they never write predictions, and a summary their
 * writes make stale (migration 0011's triggers) is recomputed by its next reader.
 */
export class ProjectSession {
  private constructor(
    readonly path: string,
    readonly db: Db,
    readonly isDemo: boolean,
  ) {}

  static open(path: string, options: SessionOptions): ProjectSession {
    if (!existsSync(path)) throw new AppError('not_found', `no project at ${path}`);
    return ProjectSession.with(path, openDb(path, { mustExist: true, closedAs: options.closedAs ?? null }), options);
  }

  static create(path: string, options: SessionOptions): ProjectSession {
    if (!path.endsWith('.anchor')) throw new AppError('invalid_input', `project files end in .anchor: ${path}`);
    if (existsSync(path)) throw new AppError('conflict', `${path} already exists; open it instead`);
    return ProjectSession.with(path, openDb(path), options);
  }

  private static with(path: string, db: Db, options: SessionOptions): ProjectSession {
    db.summaries = options.summaries;
    return new ProjectSession(path, db, options.isDemo ?? false);
  }

  info(): ProjectInfo {
    return { path: this.path, name: basename(this.path, '.anchor'), isDemo: this.isDemo, sizeBytes: statSync(this.path).size };
  }

  /** Closes the connection (dropping what it kept); returns the file as it was left, once the close succeeded. */
  close(): FileStamp | null {
    const readOnly = this.db.readonly;
    closeDb(this.db);
    return readOnly || !existsSync(this.path) ? null : fileStamp(this.path);
  }
}
