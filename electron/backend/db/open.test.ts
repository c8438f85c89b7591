import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures';
import { closeDb, fileStamp, openDb } from './open';

const { dir, cleanup } = tempDir();
afterAll(() => cleanup());

/** Opening `path` as a project fails with `code`, and the file's bytes are exactly as they were. */
function refused(path: string, code: string, message: RegExp) {
  const before = readFileSync(path);
  expect(() => openDb(path, { mustExist: true })).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
  expect(readFileSync(path).equals(before)).toBe(true);
}

describe('opening a project file tells what is wrong with it', () => {
  it('refuses another program\'s SQLite database, an empty file and a text file, changing none of them', () => {
    const foreign = join(dir, 'crm.anchor');
    const other = new Database(foreign);
    other.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES (\'Ada\')');
    other.close();
    refused(foreign, 'not_a_project', /another program \(tables customers\).*left unchanged/);
    const empty = join(dir, 'empty.anchor');
    writeFileSync(empty, '');
    refused(empty, 'not_a_project', /an empty file/);
    const text = join(dir, 'notes.anchor');
    writeFileSync(text, 'just some notes, long enough to look like a header of something\n'.repeat(20));
    refused(text, 'not_a_project', /not an Anchor Studio project/);
  });

  it('names a damaged file and a file from a newer build', () => {
    const damaged = join(dir, 'damaged.anchor');
    closeDb(openDb(damaged));
    const bytes = readFileSync(damaged);
    bytes.fill(0xab, 100, 4096); // the schema page
    writeFileSync(damaged, bytes);
    refused(damaged, 'project_damaged', /is damaged .*restore it/);

    const newer = join(dir, 'newer.anchor');
    closeDb(openDb(newer));
    const db = new Database(newer);
    db.prepare("INSERT INTO schema_migrations VALUES (99, '0099_future', 'x', '2030-01-01')").run();
    db.close();
    refused(newer, 'newer_schema', /newer Anchor Studio/);
  });

  it('reads the schema version in the header before any table: a newer user_version is refused, the file unchanged', () => {
    const path = join(dir, 'stamped.anchor');
    closeDb(openDb(path));
    const db = new Database(path);
    db.pragma('user_version = 9999');
    db.close();
    refused(path, 'newer_schema', /newer Anchor Studio \(schema 9999/);
  });

  it('refuses a project with a damaged index page, though no read of it would touch that page, and leaves it unchanged', () => {
    const path = join(dir, 'bad-index.anchor');
    closeDb(openDb(path));
    const db = new Database(path);
    db.prepare("INSERT INTO datasets (name, format, created_at) VALUES ('d', 'jsonl', '2026-01-01')").run();
    const item = db.prepare<[string, number, string]>('INSERT INTO items (dataset_id, ext_id, position, source) VALUES (1, ?, ?, ?)');
    db.transaction(() => { for (let i = 0; i < 2000; i++) item.run(`e${i}`, i, `source ${i % 7}`); })();
    // A leaf page of one index, overwritten as a stray write or a failing disk would.
    const leaf = db.prepare<[], number>("SELECT max(pageno) FROM dbstat WHERE name = 'items_source' AND pagetype = 'leaf'").pluck().get()!;
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, (leaf - 1) * pageSize);
    closeSync(fd);
    refused(path, 'project_damaged', new RegExp(`is damaged \\(quick_check: Tree \\d+ page ${leaf}.*anchor doctor project`));

    // Pages are read again only when something wrote the file since this machine's last clean close of it: a stamp
    // that still matches skips the check (the cost of an open stays that of its schema), any other reads them.
    const stamp = fileStamp(path);
    closeDb(openDb(path, { mustExist: true, closedAs: stamp }));
    expect(() => openDb(path, { mustExist: true, closedAs: { ...stamp, mtimeMs: stamp.mtimeMs - 1000 } })).toThrow(expect.objectContaining({ code: 'project_damaged' }));
  });

  it('names a dropped table as damage, not as an internal error', () => {
    const path = join(dir, 'dropped.anchor');
    closeDb(openDb(path));
    const db = new Database(path);
    db.exec('DROP TABLE questions');
    db.close();
    refused(path, 'project_damaged', /is damaged: it lacks .*table questions.*restore it/);
  });
});
