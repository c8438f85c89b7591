import { spawn } from 'node:child_process';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { until, withProject } from '../../../test/fixtures';
import { goldOf, humanRun, questionNumber, seedEvalDataset } from '../../../test/eval-fixtures';
import { compareRuns } from './compare';
import { loadCompared } from './compared-run';
import { pageQuestions } from './load';
import { readKept } from './read-cache';
import { ReportCache } from './report-cache';

const ctx = withProject();

/**
 * Another process (as the CLI would be) that takes the project's write lock, runs `sql` inside it, says so, and
 * commits when told (`release`): the caller releases it just before the call meant to wait for it, whose write then
 * waits (busy timeout) as for any writer. On a machine slow to call, the commit may land first: the test then checks
 * less, never fails for it.
 */
async function holdWriteLock(sql: readonly string[]): Promise<{ exited: Promise<unknown>; release: () => void }> {
  const holder = spawn(process.execPath, ['-e', `
    const db = new (require('better-sqlite3'))(process.argv[1], { timeout: 5000 });
    db.pragma('foreign_keys = ON');
    db.exec('BEGIN IMMEDIATE');
    for (const statement of JSON.parse(process.argv[2])) db.exec(statement);
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
  `, ctx.project, JSON.stringify(sql)], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(holder, 'exit');
  const first = await Promise.race([once(holder.stdout!, 'data').then(() => 'locked'), exited.then(() => 'exited')]);
  if (first !== 'locked') throw new Error('the process meant to hold the lock ended first (its error is above)');
  return { exited, release: () => void holder.stdin!.write('commit\n') };
}

async function finishedRun(datasetId: number): Promise<number> {
  const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess' });
  await ctx.backend.state.runs.settled(runId);
  return runId;
}

describe('reads kept until the file changes', () => {
  it('gives a read again while no row changed, and reads again after any write of its own connection', () => {
    const db = ctx.backend.state.requireProject().db;
    const cache = new ReportCache(db);
    let reads = 0;
    const count = () => {
      reads += 1;
      return db.prepare('SELECT count(*) FROM datasets').pluck().get();
    };
    expect(readKept(cache, 'k', count)).toBe(0);
    expect(readKept(cache, 'k', count)).toBe(0);
    expect(reads).toBe(1);
    db.prepare(`INSERT INTO datasets (name, format, created_at) VALUES ('d', 'tsv', '2026-01-01')`).run();
    expect(readKept(cache, 'k', count)).toBe(1);
    expect(reads).toBe(2);
  });

  it('keeps nothing read inside a transaction, which may yet be rolled back', () => {
    const db = ctx.backend.state.requireProject().db;
    const cache = new ReportCache(db);
    const count = () => db.prepare('SELECT count(*) FROM datasets').pluck().get();
    expect(() => db.transaction(() => {
      db.prepare(`INSERT INTO datasets (name, format, created_at) VALUES ('d', 'tsv', '2026-01-01')`).run();
      expect(readKept(cache, 'k', count)).toBe(1);
      throw new Error('roll back');
    })()).toThrow('roll back');
    expect(readKept(cache, 'k', count)).toBe(0);
  });

  it('shows on the leaderboard and in a comparison what another process commits', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const a = await finishedRun(datasetId);
    const b = await finishedRun(datasetId);
    const board = await ctx.backend.call('reports.leaderboard');
    const compared = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(board.rows.map((r) => r.name)).not.toContain('renamed elsewhere');
    // The CLI or a second studio on the same file: its own connection, its own commit.
    const other = new Database(ctx.project);
    try {
      other.prepare(`UPDATE runs SET name = 'renamed elsewhere' WHERE id = ?`).run(a);
    } finally {
      other.close();
    }
    expect((await ctx.backend.call('reports.leaderboard')).rows.find((r) => r.runId === a)?.name).toBe('renamed elsewhere');
    const again = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(again.runs[0]?.name).toBe('renamed elsewhere');
    expect(again.pairs).toEqual(compared.pairs);
  });

  it('works a comparison out anew when a compared run\'s answers change, and keeps its figures through a rename', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 8);
    const a = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    // Right on even questions, wrong on odd ones.
    const b = await humanRun(ctx.backend, datasetId, (t) => (questionNumber(t) % 2 === 0 ? goldOf(t) : 'ABCD'[(questionNumber(t) + 1) % 4]!));
    const db = ctx.backend.state.requireProject().db;
    const revisions = () => db.prepare('SELECT board_rev, summary_rev FROM run_summaries WHERE run_id = ?').get(b) as { board_rev: number; summary_rev: number };
    // What the same runs give with nothing kept: read outside any snapshot, every part and figure is worked out anew.
    const uncached = () => compareRuns(loadCompared(db, [a, b]), (ids) => pageQuestions(db, ids), 0, 100);
    const before = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(before.disagreements.total).toBe(4);

    // A rename moves the leaderboard row's revision, not the summary's: names read again, figures as they were.
    const atRename = revisions();
    db.prepare(`UPDATE runs SET name = 'b renamed' WHERE id = ?`).run(b);
    expect(revisions().board_rev).toBeGreaterThan(atRename.board_rev);
    expect(revisions().summary_rev).toBe(atRename.summary_rev);
    const renamed = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(renamed.runs[1]!.name).toBe('b renamed');
    expect(renamed).toEqual(uncached());

    // A correction rewrites b's summary in its own transaction, so its revision moves and the figures follow.
    const [wrong] = (await ctx.backend.call('runs.predictions', { runId: b, outcome: 'wrong' })).rows;
    const question = before.disagreements.rows.find((r) => r.questionId === wrong!.questionId)!;
    await ctx.backend.call('runs.correct', { id: wrong!.id!, label: question.gold });
    expect(revisions().summary_rev).toBeGreaterThan(atRename.summary_rev);
    const corrected = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(corrected.disagreements.total).toBe(3);
    expect(corrected.runs[1]!.accuracy.correct).toBe(before.runs[1]!.accuracy.correct + 1);
    expect(corrected.pairs[0]!.mcnemar.onlyFirst).toBe(3);
    expect(corrected).toEqual(uncached());
  });

  it('shows a run that takes a deleted run\'s id as itself, not as the row read before the delete', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    await finishedRun(datasetId);
    const last = await finishedRun(datasetId);
    const before = (await ctx.backend.call('reports.leaderboard')).rows.find((r) => r.runId === last)!;
    await ctx.backend.call('runs.delete', { id: last });
    await until(() => Date.now() > Date.parse(before.createdAt));
    // SQLite gives the highest id again once its row is gone: the new run's row must not be mistaken for the old one.
    const again = await finishedRun(datasetId);
    expect(again).toBe(last);
    const row = (await ctx.backend.call('reports.leaderboard')).rows.find((r) => r.runId === again)!;
    expect(row.createdAt).toBe((await ctx.backend.call('runs.get', { id: again })).createdAt);
    expect(row.createdAt).not.toBe(before.createdAt);
  });

  it('stores the summaries a leaderboard needs first after waiting for another process\'s write, not failing beside it', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const runs = [await finishedRun(datasetId), await finishedRun(datasetId)];
    // As after an upgrade: every summary of an older format, to be stored again when the leaderboard is next read.
    ctx.backend.state.requireProject().db.prepare('UPDATE run_summaries SET format = 2').run();
    // Another process (the CLI storing answers) holds the write lock for a moment. A write inside the page's read
    // transaction would fail at once (SQLite does not wait for it there), and the runs would be left off the page.
    const { exited, release } = await holdWriteLock(['UPDATE runs SET name = name WHERE id = ' + runs[0]]);
    release();
    const board = await ctx.backend.call('reports.leaderboard');
    expect(board.total).toBe(2);
    expect(board.rows.map((r) => r.runId).sort()).toEqual(runs);
    await exited;
  });

  it('works a missing summary out after another process\'s commit it waited for, not from what it read before', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const run = await finishedRun(datasetId);
    const db = ctx.backend.state.requireProject().db;
    db.prepare('UPDATE run_summaries SET stale = 1 WHERE run_id = ?').run(run);
    // The other process removes an answer while it holds the lock. Reading the predictions before waiting for the lock
    // (and storing after it) would store six answers as fresh figures over a run that has five.
    const { exited, release } = await holdWriteLock([`DELETE FROM predictions WHERE id = (SELECT min(id) FROM predictions WHERE run_id = ${run})`]);
    release();
    await ctx.backend.call('reports.leaderboard');
    await exited;
    expect(db.prepare('SELECT stale FROM run_summaries WHERE run_id = ?').pluck().get(run)).toBe(0);
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([]);
    expect((await ctx.backend.call('reports.run', { id: run })).coverage).toMatchObject({ scored: 5, pending: 1 });
  });

  it('passes over a run another process deleted while the leaderboard waited to store its summary', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    // The deleted run first, so the leaderboard works its summary out before the other process commits.
    const [deleted, kept] = [await finishedRun(datasetId), await finishedRun(datasetId)];
    ctx.backend.state.requireProject().db.prepare('UPDATE run_summaries SET stale = 1').run();
    const { exited, release } = await holdWriteLock([`DELETE FROM runs WHERE id = ${deleted}`]);
    release();
    const board = await ctx.backend.call('reports.leaderboard');
    await exited;
    expect(board.rows.map((r) => r.runId)).toEqual([kept]);
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([]);
  });

  it('works out a row\'s status anew each time: a lease that expires with no write shows the run interrupted', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const runId = await finishedRun(datasetId);
    const db = ctx.backend.state.requireProject().db;
    // Another machine's studio holds the run until its lease expires, and then says nothing more.
    db.prepare(`UPDATE runs SET status = 'running' WHERE id = ?`).run(runId);
    const expires = Date.now() + 1500;
    db.prepare(`INSERT INTO run_leases (run_id, holder, pid, host, started_at, heartbeat_at, expires_at)
      VALUES (?, 'x', 4242, 'lab-7', '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', ?)`).run(runId, expires);
    const status = async () => (await ctx.backend.call('reports.leaderboard')).rows.find((r) => r.runId === runId)?.status;
    expect(await status()).toBe('running');
    await until(() => Date.now() > expires);
    expect(await status()).toBe('interrupted');
  });
});
