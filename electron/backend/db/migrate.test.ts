import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures';
import { migrate, migrationHash } from './migrate';
import { migrations } from './migrations';
import { Connection } from './connection';
import { closeDb, openDb } from './open';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('project file', () => {
  it('replays every migration on an empty file and records each with its hash', () => {
    const db = openDb(join(dir, 'p.anchor'));
    const rows = db.prepare('SELECT version, name, hash FROM schema_migrations').all();
    expect(rows).toEqual(migrations.map((m) => ({ version: m.version, name: m.name, hash: migrationHash(m.sql) })));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).sort();
    expect(tables).toEqual(expect.arrayContaining(['datasets', 'images', 'item_images', 'items', 'jobs', 'questions', 'revisions', 'users']));
    closeDb(db);
  });

  it('reopening an up-to-date file applies nothing', () => {
    const path = join(dir, 'p.anchor');
    closeDb(openDb(path));
    const db = openDb(path);
    expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(migrations.length);
    closeDb(db);
  });

  it('refuses a file whose recorded migration was edited', () => {
    const path = join(dir, 'p.anchor');
    closeDb(openDb(path));
    const raw = new Database(path);
    raw.prepare('UPDATE schema_migrations SET hash = ? WHERE version = 1').run('0'.repeat(64));
    raw.close();
    expect(() => openDb(path)).toThrow(/migration 1 \(0001_initial\) differs from this build/);
  });

  it('refuses a file from a newer build', () => {
    const path = join(dir, 'p.anchor');
    closeDb(openDb(path));
    const raw = new Database(path);
    raw.prepare('INSERT INTO schema_migrations VALUES (99, ?, ?, ?)').run('0099_future', 'x', new Date().toISOString());
    raw.close();
    expect(() => openDb(path)).toThrow(/written by a newer Anchor Studio \(migration 0099_future/);
  });

  it('rolls back a migration that fails, leaving no trace of it', () => {
    const db = new Connection(join(dir, 'p.anchor'));
    // Versions are shared out between branches, so they may have gaps: the last one, not the count, is the newest.
    const last = migrations[migrations.length - 1]!.version;
    const next = last + 1;
    const broken = [...migrations, { version: next, name: 'broken', sql: 'CREATE TABLE ok (x); CREATE TABLE nope (' }];
    expect(() => migrate(db, 'p.anchor', broken)).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'ok'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(last);
    db.close();
  });

  it('upgrades a file made by an older build, keeping its data', () => {
    const path = join(dir, 'old.anchor');
    const old = new Connection(path);
    old.pragma('journal_mode = WAL');
    migrate(old, 'old.anchor', migrations.slice(0, 1));
    old.prepare("INSERT INTO datasets (name, format, created_at) VALUES ('kept', 'jsonl', 'now')").run();
    old.close();
    const db = openDb(path);
    expect(db.prepare('SELECT name FROM datasets').pluck().all()).toEqual(['kept']);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('runs', 'predictions', 'response_cache')").pluck().get()).toBe(3);
    closeDb(db);
  });

  // The list in migrations/index.ts is kept by hand: a .sql file left out of it would never run, silently.
  it('registers every migration file in the folder, in order, each version once', () => {
    const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
    const files = readdirSync(folder).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(migrations.map((m) => m.name)).toEqual(files);
    expect(migrations.map((m) => m.version)).toEqual(files.map((_, i) => i + 1));
  });

  it('keeps revisions append-only', () => {
    const db = openDb(join(dir, 'p.anchor'));
    db.prepare("INSERT INTO revisions (entity, entity_id, at, action) VALUES ('question', '1', 'now', 'update')").run();
    expect(() => db.prepare("UPDATE revisions SET action = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM revisions').run()).toThrow(/append-only/);
    closeDb(db);
  });
});
