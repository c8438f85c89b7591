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
 * Applies pending migrations, each in its own transaction, and refuses a file whose recorded migrations
 * disagree with the code (edited, unknown or from a newer build) — opening it could corrupt it.
 */
export function migrate(db: Db, path: string, available = migrations): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = db.prepare<[], AppliedRow>('SELECT version, name, hash FROM schema_migrations ORDER BY version').all();
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
  const record = db.prepare('INSERT INTO schema_migrations (version, name, hash, applied_at) VALUES (?, ?, ?, ?)');
  for (const m of available) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, migrationHash(m.sql), new Date().toISOString());
    })();
  }
}
