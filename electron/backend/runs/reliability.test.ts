import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { png, until, withProject } from '../../../test/fixtures';
import { goldOf, questionNumber, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI, type ServerOptions } from '../../../test/openai-server';
import type { RunConfigParsed } from '@shared/contract';

const ctx = withProject();
let server: FakeOpenAI | null = null;

async function endpoint(options: ServerOptions, extra: Record<string, unknown> = {}) {
  server = new FakeOpenAI({ reply: goldOf, ...options });
  const baseUrl = await server.start();
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vl', concurrency: 2, ...extra } });
}

const config = (datasetId: number): RunConfigParsed => ({
  datasetId, model: 'fake', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
  maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
});

afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('a run has one executor', () => {
  it('refuses a run another process holds, shows it running there, and takes it over once the lease expired', async () => {
    await endpoint({});
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const first = ctx.backend.state.runs.start(config(datasetId), null);
    await first.done;
    // Another machine's studio holds run 2 (inserted as its process would): alive until its lease expires.
    const runId = ctx.backend.state.runs.start({ ...config(datasetId), limit: 3 }, null).runId;
    await ctx.backend.state.runs.settled(runId);
    const db = ctx.backend.state.requireProject().db;
    db.prepare(`DELETE FROM predictions WHERE run_id = ?`).run(runId);
    db.prepare(`UPDATE runs SET status = 'running' WHERE id = ?`).run(runId);
    const expires = Date.now() + 1500;
    db.prepare(`INSERT INTO run_leases (run_id, holder, pid, host, started_at, heartbeat_at, expires_at) VALUES (?, 'x', 4242, 'lab-7', '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', ?)`)
      .run(runId, expires);

    const shown = await ctx.backend.call('runs.get', { id: runId });
    expect(shown).toMatchObject({ status: 'running', executor: { pid: 4242, host: 'lab-7' }, live: null });
    await expect(ctx.backend.call('runs.resume', { id: runId })).rejects.toMatchObject({
      code: 'conflict', message: expect.stringContaining('running in process 4242 on lab-7 since 2026-01-01T10:00:00.000Z'),
    });
    await expect(ctx.backend.call('runs.pause', { id: runId })).rejects.toMatchObject({ code: 'conflict' });
    await expect(ctx.backend.call('runs.delete', { id: runId })).rejects.toMatchObject({ code: 'conflict' });

    await until(() => Date.now() > expires);
    expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'interrupted', executor: null });
    await ctx.backend.call('runs.resume', { id: runId });
    await ctx.backend.state.runs.settled(runId);
    expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'done', answered: 3 });
    expect(db.prepare('SELECT count(*) FROM run_leases').pluck().get()).toBe(0);
  });
});

describe('a dead runner on this machine', () => {
  it('is seen dead by its process id at once, not after its lease expired', async () => {
    await endpoint({});
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = ctx.backend.state.runs.start({ ...config(datasetId), limit: 2 }, null).runId;
    await ctx.backend.state.runs.settled(runId);
    // A real process on this host holds the run with a lease that lasts ten minutes, as a killed CLI's would.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    try {
      const db = ctx.backend.state.requireProject().db;
      db.prepare(`UPDATE runs SET status = 'running' WHERE id = ?`).run(runId);
      db.prepare(`INSERT INTO run_leases (run_id, holder, pid, host, started_at, heartbeat_at, expires_at) VALUES (?, 'k', ?, ?, '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', ?)`)
        .run(runId, holder.pid, hostname(), Date.now() + 600_000);
      expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'running', executor: { pid: holder.pid, host: hostname() } });
      await expect(ctx.backend.call('runs.resume', { id: runId })).rejects.toMatchObject({ code: 'conflict' });

      holder.kill('SIGKILL');
      await exited;
      expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'interrupted', executor: null });
      const listed = (await ctx.backend.call('runs.list', {})).find((r) => r.id === runId);
      expect(listed).toMatchObject({ status: 'interrupted', executor: null });
      await ctx.backend.call('runs.resume', { id: runId });
      await ctx.backend.state.runs.settled(runId);
      expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'done' });
    } finally {
      if (holder.exitCode === null && holder.signalCode === null) holder.kill('SIGKILL');
    }
  });
});

describe('pause means stop', () => {
  it('pauses a run whose endpoint hangs and whose failed requests wait a long backoff, leaving them unasked', async () => {
    // Odd questions hang (the server holds them); even ones get a 500 and would wait a minute before their retry.
    await endpoint({ fault: (prompt) => (questionNumber(prompt) % 2 ? { kind: 'timeout' } : { kind: '500' }) }, { concurrency: 4, timeoutMs: 120_000 });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 20);
    const state = ctx.backend.state;
    state.runs.retry = { maxAttempts: 5, maxRateLimited: 12, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const { runId } = state.runs.start(config(datasetId), null);
    await until(() => server!.held() > 0 && server!.requests.some((r) => r.fault === '500'));

    // A pause that waited out the minute's backoff would hit the test's own timeout (30 s).
    const paused = await ctx.backend.call('runs.pause', { id: runId });
    expect(paused).toMatchObject({ status: 'paused', answered: 0 });
    await until(() => server!.held() === 0); // the hanging requests were dropped, not left open
    const rows = (await ctx.backend.call('runs.predictions', { runId, limit: 100 })).rows;
    expect(rows.every((r) => r.outcome === 'pending')).toBe(true);
    // The pause answered once the run's loop had returned, so no retry can be waiting in it; one turn of the event
    // loop shows that none was sent on the way out either.
    const sent = server!.requests.length;
    await new Promise((r) => setImmediate(r));
    expect(server!.requests.length).toBe(sent);
  }, 30_000);
});

describe('paid answers and the disk', () => {
  it('keeps answers refused by another connection\'s lock in memory and writes them once it lets go', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    await endpoint({ gate: () => gate });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const main = ctx.backend.state.requireProject().db;
    main.pragma('busy_timeout = 100');
    const { runId, jobId, done } = ctx.backend.state.runs.start(config(datasetId), null);
    await until(() => server!.requests.length === 2);
    const other = new Database(ctx.project);
    other.exec('BEGIN IMMEDIATE');
    open();
    // The engine counts an answer done once its write was tried: all three were, and refused while the lock is held.
    await until(() => ctx.backend.jobs.get(jobId!)!.done === 3);
    expect(other.prepare('SELECT count(*) FROM predictions WHERE run_id = ?').pluck().get(runId)).toBe(0);
    other.exec('COMMIT');
    other.close();
    const outcome = await done!;
    expect(outcome).toMatchObject({ status: 'done', answered: 3, errors: 0, error: null });
    expect(main.prepare(`SELECT status, count(*) FROM predictions WHERE run_id = ? GROUP BY status`).raw().all(runId)).toEqual([['answered', 3]]);
  });

  it('ends a run failed with the reason when the file may not grow, keeping every answer written before', async () => {
    await endpoint({ reply: (p) => goldOf(p) });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 60);
    const db = ctx.backend.state.requireProject().db;
    const { runId, done } = ctx.backend.state.runs.start(config(datasetId), null);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 2}`);
    const outcome = await done!;
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatchObject({ code: 'disk_full', message: expect.stringContaining('free space') });
    const summary = await ctx.backend.call('runs.get', { id: runId });
    expect(summary).toMatchObject({ status: 'failed', errors: 0, error: expect.stringContaining('disk is full') });
    expect(summary.answered).toBeGreaterThan(0);
    expect(summary.answered).toBeLessThan(60);
    db.pragma(`max_page_count = 1073741823`);
  });
});

describe('a long import beside running evals', () => {
  /** The rows of a 60,000-question VLMEvalKit TSV, with an image every 50 rows. */
  const bulkRows = (from: number, to: number) => {
    let text = '';
    for (let i = from; i < to; i++) {
      const image = i % 50 === 0 ? png(4 + (i % 13), 3 + (i % 11), `#${(0x100000 + i * 7).toString(16).slice(-6)}`).toString('base64') : '';
      text += `${i}\t${image}\tBulk question ${i}?\tx\ty\tA\tbulk\n`;
    }
    return text;
  };

  it('stores no answer as an error, asks each question once, and starts and finishes an eval begun mid-import', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    await endpoint({ gate: () => gate });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 20);
    const db = ctx.backend.state.requireProject().db;
    const first = ctx.backend.state.runs.start({ ...config(datasetId), filter: { category: 'even' } }, null);
    await until(() => server!.requests.length === 2); // held by the gate

    // The first eval is held by the gate for as long as the test likes, so it certainly overlaps the import; the
    // second starts once the import has read rows (imports refuse a pipe, so the file is a regular one).
    const file = join(ctx.dir, 'bulk.tsv');
    writeFileSync(file, `index\timage\tquestion\tA\tB\tanswer\tcategory\n${bulkRows(0, 60_000)}`);
    const importing = ctx.backend.call('imports.run', { files: [file], format: 'vlmevalkit', dataset: 'bulk' });
    await until(() => ctx.backend.jobs.list().some((j) => j.kind === 'import' && j.status === 'running' && j.done > 0));

    open();
    const second = ctx.backend.state.runs.start({ ...config(datasetId), filter: { category: 'odd' } }, null);
    const outcomes = await Promise.all([first.done!, second.done!]);
    const imported = await importing;

    expect(imported).toMatchObject({ items: 60_000, questions: 60_000, images: 1_200 });
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'done', answered: 10, errors: 0, error: null });
    expect(db.prepare(`SELECT status, count(*) FROM predictions WHERE run_id IN (?, ?) GROUP BY status`).raw()
      .all(first.runId, second.runId)).toEqual([['answered', 20]]);
    expect(server!.answeredTwice()).toEqual([]);
    expect(server!.requests.length).toBe(20);
  }, 120_000);
});
