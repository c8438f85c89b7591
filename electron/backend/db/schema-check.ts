import { Connection } from './connection';
import { migrations } from './migrations';
import type { Db } from './open';

/**
 * What a project's schema should hold, and whether its pages are sound. Used when a project opens (DECISIONS 147) and
 * by `anchor doctor project`.
 */

interface SchemaObject { type: string; name: string }

const expected = new Map<string, SchemaObject[]>();

/** The tables, indexes and triggers the given migrations create, found by applying them to an empty database in memory. */
function objectsOf(versions: readonly number[]): SchemaObject[] {
  const key = versions.join(',');
  const known = expected.get(key);
  if (known) return known;
  const scratch = new Connection(':memory:');
  try {
    for (const m of migrations) if (versions.includes(m.version)) scratch.exec(m.sql);
    const objects = schemaObjects(scratch);
    expected.set(key, objects);
    return objects;
  } finally {
    scratch.close();
  }
}

/** sqlite's own objects (autoindexes) are left out: they come and go with the tables that need them. */
function schemaObjects(db: Db): SchemaObject[] {
  return db.prepare<[], SchemaObject>(`SELECT type, name FROM sqlite_master
    WHERE type IN ('table', 'index', 'trigger', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY type, name`).all();
}

/**
 * The tables, indexes and triggers the file's applied migrations should have made and it lacks ("table questions"): a
 * dropped table would otherwise surface as an `internal` "no such table" at whichever command reads it first.
 */
export function missingSchemaObjects(db: Db): string[] {
  const versions = db.prepare<[], number>('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
  const present = new Set(schemaObjects(db).map((o) => `${o.type} ${o.name}`));
  return objectsOf(versions).map((o) => `${o.type} ${o.name}`).filter((o) => !present.has(o));
}

/** SQLite's rows of a check, each problem on its own line, without the banner naming the database. */
function problemsOf(rows: string[]): string[] {
  return rows.flatMap((r) => r.split('\n')).filter((line) => line !== 'ok' && !line.startsWith('*** in database'));
}

/** The tables whose pages are left to `anchor doctor project`: nearly all of a project's bytes, read only when shown. */
const BULK_TABLES = new Set(['images']);

/**
 * `PRAGMA quick_check` of every table and its indexes except the images (DECISIONS 147): the pages queries walk, in a
 * fraction of the whole file's time. Returns the problems found, at most `limit`, as SQLite words them; none is sound.
 */
export function quickCheckTables(db: Db, limit = 5): string[] {
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all();
  const problems: string[] = [];
  for (const table of tables) {
    if (BULK_TABLES.has(table)) continue;
    const found = problemsOf(db.prepare<[], string>(`PRAGMA quick_check("${table.replace(/"/g, '""')}")`).pluck().all());
    problems.push(...found);
    if (problems.length >= limit) break;
  }
  return problems.slice(0, limit);
}

/** `PRAGMA integrity_check` (or the faster `quick_check`) of the whole file: what it found, none when sound. */
export function checkWholeFile(db: Db, thorough: boolean, limit = 100): string[] {
  return problemsOf(db.prepare<[], string>(`PRAGMA ${thorough ? 'integrity_check' : 'quick_check'}(${limit})`).pluck().all());
}

export interface ForeignKeyProblem { table: string; rowid: number | null; parent: string }

/** Rows whose parent row is missing (`PRAGMA foreign_key_check`): left when a file was changed with foreign keys off. */
export function foreignKeyProblems(db: Db): ForeignKeyProblem[] {
  return db.prepare<[], ForeignKeyProblem>('PRAGMA foreign_key_check').all();
}
