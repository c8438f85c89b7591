import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ProjectInfo } from '@shared/contract';
import { closeDb, fileStamp, openDb, type Db, type FileStamp } from './db/open';
import { AppError } from './errors';

/** The open project: its file and the main connection every service uses. */
export class ProjectSession {
  private constructor(
    readonly path: string,
    readonly db: Db,
    readonly isDemo: boolean,
  ) {}

  /** `closedAs`: the file as this machine last closed it (see `openDb`). */
  static open(path: string, isDemo = false, closedAs: FileStamp | null = null): ProjectSession {
    if (!existsSync(path)) throw new AppError('not_found', `no project at ${path}`);
    return new ProjectSession(path, openDb(path, { mustExist: true, closedAs }), isDemo);
  }

  static create(path: string, isDemo = false): ProjectSession {
    if (!path.endsWith('.anchor')) throw new AppError('invalid_input', `project files end in .anchor: ${path}`);
    if (existsSync(path)) throw new AppError('conflict', `${path} already exists; open it instead`);
    return new ProjectSession(path, openDb(path), isDemo);
  }

  info(): ProjectInfo {
    return { path: this.path, name: basename(this.path, '.anchor'), isDemo: this.isDemo, sizeBytes: statSync(this.path).size };
  }

  /** Closes the connection; returns the file as it was left, once the close (its last checkpoint) succeeded. */
  close(): FileStamp | null {
    const readOnly = this.db.readonly;
    closeDb(this.db);
    return readOnly || !existsSync(this.path) ? null : fileStamp(this.path);
  }
}
