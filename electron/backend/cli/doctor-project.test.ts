import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { png, until } from '../../../test/fixtures';
import { bin, withBuiltCli } from '../../../test/built-cli';
import { createBackend } from '..';

// The CLI as users run it, with a temporary folder of this file's own (TMPDIR), so the scratch folders it finds are
// the ones these tests made.
const cli = withBuiltCli();
let dir: string;
let scratchRoot: string;
beforeAll(() => {
  dir = cli.dir();
  scratchRoot = join(dir, 'tmp');
  mkdirSync(scratchRoot);
});
const env = () => ({ ...cli.env(), TMPDIR: scratchRoot });

function anchor(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: env() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `anchor … --json`'s document. */
function anchorJson(...args: string[]) {
  const r = anchor(...args, '--json');
  return { code: r.code, doc: JSON.parse(r.stdout) as { ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string } } };
}

const colour = (i: number) => `#${(0x102030 + i * 0x010305).toString(16).slice(-6)}`;

/**
 * A JSONL file of `images` questions with an image each (all different; pictures from the `first`th on), then `plain`
 * questions without one.
 */
function jsonl(name: string, images: number, plain = 0, first = 0): string {
  const path = join(dir, name);
  const lines: string[] = [];
  for (let i = 0; i < images; i++) {
    lines.push(JSON.stringify({ id: `img${i}`, question: `What colour is picture ${i}?`, answer: 'blue', image: `data:image/png;base64,${png(8, 6, colour(first + i)).toString('base64')}` }));
  }
  for (let i = 0; i < plain; i++) lines.push(JSON.stringify({ id: `q${i}`, question: `Question ${i} without a picture?`, answer: String(i) }));
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** A project with one imported dataset of three pictures. */
function importedProject(name: string): string {
  const project = join(dir, name);
  const r = anchor('import', jsonl(`${name}.jsonl`, 3), '--project', project, '--dataset', 'pictures');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return project;
}

/** Writes to the project as another program would: no checks, foreign keys off, folded into the file at close. */
function tamper<T>(project: string, change: (db: Database.Database) => T): T {
  const db = new Database(project);
  db.pragma('foreign_keys = OFF');
  try {
    return change(db);
  } finally {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
}

/** Row counts of every table but the images: what `--fix` must leave exactly as it was. */
function rowCounts(project: string): Record<string, number> {
  const db = new Database(project, { readonly: true });
  try {
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'images'").pluck().all();
    return Object.fromEntries(tables.map((t) => [t, db.prepare<[], number>(`SELECT count(*) FROM "${t}"`).pluck().get()!]));
  } finally {
    db.close();
  }
}

function imageCount(project: string): number {
  const db = new Database(project, { readonly: true });
  try {
    return db.prepare<[], number>('SELECT count(*) FROM images').pluck().get()!;
  } finally {
    db.close();
  }
}

/** A scratch folder as an import of `project` by process `pid` leaves it. */
function scratchFolder(project: string, pid: number): string {
  const folder = mkdtempSync(join(scratchRoot, 'anchor-import-'));
  writeFileSync(join(folder, '.owner.json'), JSON.stringify({ pid, host: hostname(), project, startedAt: new Date().toISOString() }));
  writeFileSync(join(folder, 'stage.sqlite'), Buffer.alloc(4096));
  return folder;
}

/** The id of a process that has exited: what a killed import's folder records. */
function goneProcessId(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('damage is named before a command reads or writes', () => {
  it('a damaged index page fails info and import with project_damaged, and the import writes nothing into the file', () => {
    const project = importedProject('bad-index.anchor');
    tamper(project, (db) => {
      // The root page of an index neither command reads: only a check of the pages finds it.
      const root = db.prepare<[], number>("SELECT rootpage FROM sqlite_master WHERE name = 'reviews_checker'").pluck().get()!;
      const pageSize = Number(db.pragma('page_size', { simple: true }));
      db.pragma('wal_checkpoint(TRUNCATE)');
      const fd = openSync(project, 'r+');
      writeSync(fd, Buffer.alloc(48, 0xa5), 0, 48, (root - 1) * pageSize);
      closeSync(fd);
    });
    const before = readFileSync(project);
    const info = anchorJson('info', '--project', project);
    expect(info.code).toBe(1);
    expect(info.doc.error).toMatchObject({ code: 'project_damaged', message: expect.stringMatching(/quick_check: .*anchor doctor project/) });
    const imported = anchorJson('import', jsonl('more.jsonl', 2), '--project', project, '--dataset', 'more');
    expect(imported.code).toBe(1);
    expect(imported.doc.error?.code).toBe('project_damaged');
    expect(readFileSync(project).equals(before)).toBe(true);
  });

  it('a dropped table is project_damaged, not internal', () => {
    const project = importedProject('dropped.anchor');
    tamper(project, (db) => db.exec('DROP TABLE questions'));
    const info = anchorJson('info', '--project', project);
    expect(info.code).toBe(1);
    expect(info.doc.error).toMatchObject({ code: 'project_damaged', message: expect.stringMatching(/lacks .*table questions/) });
  });
});

describe('anchor doctor project', () => {
  it('finds flipped image bytes, a row without its parent, orphaned images and stale folders; --fix removes only the last two', () => {
    const project = importedProject('doctor.anchor');
    const flipped = tamper(project, (db) => {
      const { hash, bytes } = db.prepare<[], { hash: string; bytes: Buffer }>('SELECT hash, bytes FROM images ORDER BY hash LIMIT 1').get()!;
      const at = bytes.length - 20;
      bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
      db.prepare('UPDATE images SET bytes = ? WHERE hash = ?').run(bytes, hash);
      db.prepare('INSERT INTO item_images (item_id, position, image_hash) VALUES (9999, 0, ?)').run(hash);
      return hash;
    });
    const extId = tamper(project, (db) => db.prepare<[string], string>('SELECT i.ext_id FROM items i JOIN item_images ii ON ii.item_id = i.id WHERE ii.image_hash = ?').pluck().get(flipped)!);
    const orphan = png(5, 5, '#ff00ff');
    tamper(project, (db) => db.prepare("INSERT INTO images (hash, mime, size, width, height, bytes) VALUES (?, 'image/png', ?, 5, 5, ?)")
      .run(createHash('sha256').update(orphan).digest('hex'), orphan.length, orphan));
    const stale = scratchFolder(project, goneProcessId());
    const live = scratchFolder(project, process.pid);

    const checked = anchorJson('doctor', 'project', '--project', project);
    expect(checked.code).toBe(1);
    expect(checked.doc.error).toMatchObject({ code: 'project_damaged', message: expect.stringContaining(flipped.slice(0, 12)) });
    expect(checked.doc.value).toMatchObject({
      damaged: true, integrity: [], missing: [],
      foreignKeys: [{ table: 'item_images', parent: 'items' }],
      images: { checked: 4, damaged: [{ hash: flipped, items: [{ dataset: 'pictures', extId }] }] },
      orphanedImages: { count: 1, removed: false },
      staleFolders: { folders: [stale], removed: false },
    });
    const human = anchor('doctor', 'project', '--project', project);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`${flipped}: its bytes now hash to`);
    expect(human.stdout).toContain(`shown by pictures/${extId}`);

    const counts = rowCounts(project);
    const fixed = anchorJson('doctor', 'project', '--project', project, '--fix');
    expect(fixed.code).toBe(1); // the flipped image and the parentless row remain: --fix does not guess at them
    expect(fixed.doc.value).toMatchObject({ staleFolders: { removed: true }, orphanedImages: { count: 1, removed: false } });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(rowCounts(project)).toEqual(counts);
  });

  it('on a sound project: exit 0, and --fix deletes the orphaned images and nothing else', () => {
    const project = importedProject('sound.anchor');
    const orphan = png(7, 7, '#00ff00');
    tamper(project, (db) => db.prepare("INSERT INTO images (hash, mime, size, width, height, bytes) VALUES (?, 'image/png', ?, 7, 7, ?)")
      .run(createHash('sha256').update(orphan).digest('hex'), orphan.length, orphan));
    const checked = anchorJson('doctor', 'project', '--project', project);
    expect(checked.code).toBe(0);
    expect(checked.doc.value).toMatchObject({ damaged: false, images: { checked: 4, damaged: [] }, orphanedImages: { count: 1, bytes: orphan.length } });
    const counts = rowCounts(project);
    const fixed = anchorJson('doctor', 'project', '--project', project, '--fix');
    expect(fixed.code).toBe(0);
    expect(fixed.doc.value).toMatchObject({ orphanedImages: { count: 1, removed: true } });
    expect(imageCount(project)).toBe(3);
    expect(rowCounts(project)).toEqual(counts);
    expect(anchorJson('doctor', 'project', '--project', project).doc.value).toMatchObject({ orphanedImages: { count: 0 } });
  });
});

const importScratch = () => readdirSync(scratchRoot).filter((n) => n.startsWith('anchor-import-')).map((n) => join(scratchRoot, n));

/**
 * Starts `anchor import` of 600 pictures into the project and kills it with SIGKILL once it has written pictures into
 * the project: the first 500 are written before the import publishes anything, and 60,000 plain rows after them keep
 * it busy long after that; holding the write lock meanwhile, the test makes sure it cannot publish before it dies.
 * Returns the scratch folder it left.
 */
async function killImportMidway(project: string, name: string): Promise<string> {
  const before = new Set(importScratch());
  const file = jsonl(`${name}.jsonl`, 600, 60_000);
  const child = spawn(process.execPath, [bin, 'import', file, '--project', project, '--dataset', name, '--json'], { env: env() });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await until(() => imageCount(project) > 3);
  const lock = new Database(project);
  lock.exec('BEGIN IMMEDIATE');
  child.kill('SIGKILL');
  await exited;
  lock.exec('ROLLBACK');
  lock.close();
  const left = importScratch().filter((f) => !before.has(f));
  expect(left).toHaveLength(1);
  expect(imageCount(project)).toBeGreaterThan(3);
  return left[0]!;
}

describe('an import killed with SIGKILL', () => {
  it('leaves no scratch folder and no orphaned images after the next open', async () => {
    const project = importedProject('killed.anchor');
    const left = await killImportMidway(project, 'big');
    const info = anchorJson('info', '--project', project);
    expect(info.code).toBe(0);
    expect(info.doc.value).toMatchObject({ datasets: [{ name: 'pictures', questionCount: 3 }] });
    expect(existsSync(left)).toBe(false);
    expect(imageCount(project)).toBe(3);
  });

  it('leaves nothing after the next import into a project that stayed open meanwhile', async () => {
    const project = importedProject('kept-open.anchor');
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = scratchRoot;
    const backend = await createBackend({ dataDir: join(dir, 'data') });
    try {
      await backend.call('projects.open', { path: project });
      const left = await killImportMidway(project, 'big');
      const result = await backend.call('imports.run', { files: [jsonl('after.jsonl', 2, 0, 1000)], format: 'auto', dataset: 'after' });
      expect(result).toMatchObject({ questions: 2, images: 2 });
      expect(existsSync(left)).toBe(false);
      expect(importScratch()).not.toContain(left);
      expect(imageCount(project)).toBe(5);
    } finally {
      await backend.close();
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
  });
});
