import { createHash } from 'node:crypto';
import { AppError } from '../errors';
import type { Db } from './open';
import { migrations } from './migrations';

export function migrationHash(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

interface AppliedRow {
  version: number;
  name: string;
  hash: string;
}

/**
 * The migrations the file still needs, after refusing a file whose recorded migrations disagree with the code (edited,
 * unknown or from a newer build) — opening it could corrupt it. Reads only, so a read-only file is checked the same way.
 * `user_version` is checked first: it is the schema's version in the file's header, readable whatever its tables are.
 */
export function pendingMigrations(db: Db, path: string, available = migrations): typeof available[number][] {
  const latest = Math.max(0, ...available.map((m) => m.version));
  const stamped = Number(db.pragma('user_version', { simple: true }));
  if (stamped > latest) {
    throw new AppError('newer_schema', `${path} was written by a newer Anchor Studio (schema ${stamped}, this build knows ${latest}); update the studio`);
  }
  const hasTable = db.prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").pluck().get() === 1;
  const applied = hasTable ? db.prepare<[], AppliedRow>('SELECT version, name, hash FROM schema_migrations ORDER BY version').all() : [];
  const byVersion = new Map(available.map((m) => [m.version, m]));
  for (const row of applied) {
    const known = byVersion.get(row.version);
    if (!known) {
      throw new AppError(
        'newer_schema',
        `${path} was written by a newer Anchor Studio (migration ${row.name} is unknown to this build); update the studio`,
      );
    }
    if (known.name !== row.name || migrationHash(known.sql) !== row.hash) {
      throw new AppError(
        'migration_mismatch',
        `${path}: migration ${row.version} (${row.name}) differs from this build's ${known.name}; refusing to open it`,
      );
    }
  }
  const done = new Set(applied.map((r) => r.version));
  return available.filter((m) => !done.has(m.version));
}

/** Applies pending migrations, each in its own transaction, and stamps the schema's version into `user_version`. */
export function migrate(db: Db, path: string, available = migrations): void {
  const pending = pendingMigrations(db, path, available);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, hash, applied_at) VALUES (?, ?, ?, ?)');
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, migrationHash(m.sql), new Date().toISOString());
    })();
  }
  const latest = Math.max(0, ...available.map((m) => m.version));
  if (Number(db.pragma('user_version', { simple: true })) !== latest) db.pragma(`user_version = ${latest}`);
}
