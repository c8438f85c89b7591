import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { goldOf, humanRun, questionNumber, seedEvalDataset, seedTripletDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI, type ServerOptions } from '../../../test/openai-server';
import { storeAnswer } from '../runs/predictions';
import { buildRunReport } from './run-report';
import { loadScored } from './load';
import { loadRunReplies } from './official';
import { computedForReader, refreshInSlices } from './summary';
import { readSnapshot } from '../db/snapshot';

const ctx = withProject();
let server: FakeOpenAI | undefined;
afterEach(async () => server?.stop());

/** A label that is an option of question text `t` and not its gold. */
const wrongOf = (t: string) => 'ABCD'[(questionNumber(t) + 1) % 4]!;

const db = () => ctx.backend.state.requireProject().db;

/** The stored summary is fresh (kept in step by the write itself, not recomputed by this read) … */
function stale(runId: number): number | undefined {
  return db().prepare('SELECT stale FROM run_summaries WHERE run_id = ?').pluck().get(runId) as number | undefined;
}

/** … and equals a full recomputation from predictions, part by part (what `anchor doctor summaries` checks). */
async function expectInStep(runId: number) {
  expect(stale(runId), `run ${runId} has a fresh summary`).toBe(0);
  const check = await ctx.backend.call('reports.doctor', {});
  expect(check.mismatched).toEqual([]);
  // The report the screen gets equals the report computed from every prediction row, as before summaries.
  const report = await ctx.backend.call('reports.run', { id: runId });
  expect(report).toEqual(JSON.parse(JSON.stringify(buildRunReport(report.run, loadScored(db(), runId), loadRunReplies(db(), runId)))));
  return report;
}

async function modelRun(datasetId: number, options: ServerOptions, extra: Record<string, unknown> = {}) {
  server = new FakeOpenAI({ reply: goldOf, ...options });
  const baseUrl = await server.start();
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vl', concurrency: 2, timeoutMs: 600_000 } });
  ctx.backend.state.runs.retry = { maxAttempts: 2, maxRateLimited: 20, baseDelayMs: 5, maxDelayMs: 20 };
  const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'fake', ...extra });
  await ctx.backend.state.runs.settled(runId);
  return runId;
}

describe('stored run summaries stay equal to their predictions', () => {
  it('after a person\'s correction, in the transaction that stores it', async () => {
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, () => 'A');
    const before = await expectInStep(runId);
    const [wrong] = (await ctx.backend.call('runs.predictions', { runId, outcome: 'wrong' })).rows;
    await ctx.backend.call('runs.correct', { id: wrong!.id!, label: 'B' });
    const after = await expectInStep(runId);
    expect(after.accuracy.overall.correct).toBe(before.accuracy.overall.correct + 1);
    expect(after.extraction.corrected).toBe(1);
    expect(after.mmevalpro).not.toEqual(before.mmevalpro);
  });

  it('after retried errors and a late answer written into a finished run', async () => {
    let healthy = false;
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 10);
    const runId = await modelRun(datasetId, { fault: (prompt) => (!healthy && questionNumber(prompt) % 5 === 0 ? { kind: '500' } : { kind: 'ok' }) });
    const failed = await expectInStep(runId);
    expect(failed.coverage).toMatchObject({ scored: 8, errors: 2 });

    healthy = true;
    await ctx.backend.call('runs.retryErrors', { id: runId });
    await ctx.backend.state.runs.settled(runId);
    expect((await expectInStep(runId)).coverage).toMatchObject({ scored: 10, errors: 0 });

    // A late answer: a write the lock held back, replacing an error row after the run has finished.
    const second = await modelRun(datasetId, { fault: (prompt) => (questionNumber(prompt) === 3 ? { kind: '500' } : { kind: 'ok' }) });
    expect((await expectInStep(second)).coverage.errors).toBe(1);
    const error = (await ctx.backend.call('runs.predictions', { runId: second, outcome: 'error' })).rows[0]!;
    storeAnswer(db(), second, error.questionId, 0, {
      raw: 'A', label: 'A', path: 'exact', correct: error.gold === 'A', prompt: [], judge: [], tokensIn: null, tokensOut: null,
      latencyMs: null, cost: null, cached: false, attempts: 1,
    }, new Date().toISOString());
    expect((await expectInStep(second)).coverage).toMatchObject({ scored: 10, errors: 0 });
    expect((await ctx.backend.call('runs.get', { id: second })).answered).toBe(10);
  });

  it('after a re-reading with a new extractor version, for the new run and the old', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const runId = await modelRun(datasetId, { reply: (prompt) => `The answer is ${goldOf(prompt)}.` });
    await expectInStep(runId);
    db().prepare(`UPDATE runs SET config = json_set(config, '$.extractor', 'rules-0') WHERE id = ?`).run(runId);
    const reread = await ctx.backend.call('runs.reread', { id: runId });
    expect(reread.predictions).toBe(6);
    await expectInStep(reread.runId);
    await expectInStep(runId);
  });

  it('after deletes: a deleted run leaves the board, and a row deleted by any writer is never read from a stale summary', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const keep = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    const drop = await humanRun(ctx.backend, datasetId, () => 'A', 'to delete');
    expect((await ctx.backend.call('reports.leaderboard')).total).toBe(2);
    await ctx.backend.call('runs.delete', { id: drop });
    expect(db().prepare('SELECT count(*) FROM run_summaries WHERE run_id = ?').pluck().get(drop)).toBe(0);
    const board = await ctx.backend.call('reports.leaderboard');
    expect(board.rows.map((r) => r.runId)).toEqual([keep]);

    // Not through the run code at all: the migration's trigger marks the summary stale in the same statement.
    db().prepare('DELETE FROM predictions WHERE id = (SELECT min(id) FROM predictions WHERE run_id = ?)').run(keep);
    expect(stale(keep)).toBe(1);
    const report = await ctx.backend.call('reports.run', { id: keep });
    expect(report.coverage).toMatchObject({ scored: 5, pending: 1 });
    expect(report.run.answered).toBe(5);
    await expectInStep(keep);
  });

  it('doctor finds a stored summary that differs from its predictions, and fix rewrites it', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    await expectInStep(runId);
    db().prepare(`UPDATE run_summaries SET report = json_set(report, '$.coverage.scored', 3), outcomes = zeroblob(length(outcomes)) WHERE run_id = ?`).run(runId);
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([{ runId, parts: ['report', 'outcomes'] }]);
    expect((await ctx.backend.call('reports.doctor', { fix: true })).fixed).toBe(1);
    await expectInStep(runId);
    // The parts a comparison reads are checked too: a shown answer that differs from the predictions is found.
    db().prepare(`UPDATE run_summary_chunks SET shown_labels = json_set(shown_labels, '$[1]', 'Z') WHERE run_id = ?`).run(runId);
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([{ runId, parts: ['comparison'] }]);
  });
});

describe('summaries a report stores on the way', () => {
  it('are stored after the report\'s snapshot, not inside it, so the read itself writes nothing', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    db().prepare('UPDATE run_summaries SET stale = 1 WHERE run_id = ?').run(runId);
    let staleDuringRead: number | undefined;
    readSnapshot(db(), () => {
      computedForReader(db(), runId);
      staleDuringRead = stale(runId);
    });
    expect(staleDuringRead).toBe(1);
    await expectInStep(runId);
  });

  it('are worked out in a snapshot of their own and stored after it, for a reader outside any snapshot', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    db().prepare('UPDATE run_summaries SET stale = 1 WHERE run_id = ?').run(runId);
    expect(computedForReader(db(), runId).accuracy).toBe(100);
    await expectInStep(runId);
  });

  it('are only worked out, not stored, inside a caller\'s transaction', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    db().prepare('UPDATE run_summaries SET stale = 1 WHERE run_id = ?').run(runId);
    // The caller's transaction may be a read, which SQLite would refuse the lock without waiting.
    const figures = db().transaction(() => computedForReader(db(), runId).accuracy)();
    expect(figures).toBe(100);
    expect(stale(runId)).toBe(1);
  });

  it('are not stored when another process changed a prediction after the snapshot read them', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    db().prepare('UPDATE run_summaries SET stale = 1 WHERE run_id = ?').run(runId);
    // A second connection to the file, as the CLI storing a correction would be: WAL lets it commit beside the read.
    const other = new Database(ctx.project, { timeout: 5000 });
    try {
      readSnapshot(db(), () => {
        computedForReader(db(), runId);
        other.prepare('DELETE FROM predictions WHERE id = (SELECT min(id) FROM predictions WHERE run_id = ?)').run(runId);
      });
    } finally {
      other.close();
    }
    // Stored now, the summary computed from the snapshot would count the deleted answer as fresh figures.
    expect(stale(runId)).toBe(1);
    // The next reader reads the file as it is, and stores what it read.
    expect((await ctx.backend.call('reports.run', { id: runId })).coverage).toMatchObject({ scored: 3, pending: 1 });
    await expectInStep(runId);
  });
});

describe('summaries worked out in slices, after an import committed its run (issue 29)', () => {
  const unsummarise = (runId: number) => db().prepare('DELETE FROM run_summaries WHERE run_id = ?').run(runId);

  it('equal the summary computed at once, over several pages of an imported run', async () => {
    // 600 questions, more than two pages of 256; every third reply wrong, every seventh unreadable.
    const lines = Array.from({ length: 600 }, (_, i) => JSON.stringify({ id: `q${i}`, question: `Question ${i}?`, options: ['red', 'green', 'blue'], answer: 'ABC'[i % 3] }));
    writeFileSync(join(ctx.dir, 'paged.jsonl'), `${lines.join('\n')}\n`);
    const { datasetId } = await ctx.backend.call('imports.run', { files: [join(ctx.dir, 'paged.jsonl')], dataset: 'paged', format: 'jsonl' });
    const replies = Object.fromEntries(lines.map((_, i) => [`q${i}`, i % 7 === 0 ? 'no idea' : `The answer is ${'ABC'[(i + (i % 3 === 0 ? 1 : 0)) % 3]}.`]));
    writeFileSync(join(ctx.dir, 'paged.json'), JSON.stringify(replies));
    const { runId } = await ctx.backend.call('runs.importPredictions', { datasetId, path: join(ctx.dir, 'paged.json'), format: 'mmmu', model: 'paged' });
    // Stored by the import itself, then again from nothing.
    await expectInStep(runId);
    unsummarise(runId);
    expect(await refreshInSlices(db(), runId)).toBe(true);
    const report = await expectInStep(runId);
    expect(report.coverage).toMatchObject({ scored: 600 });
  });

  it('are not stored when a correction stored its own meanwhile', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, () => 'A');
    unsummarise(runId);
    const [wrong] = (await ctx.backend.call('runs.predictions', { runId, outcome: 'wrong' })).rows;
    const slices = refreshInSlices(db(), runId);
    await ctx.backend.call('runs.correct', { id: wrong!.id!, label: wrong!.gold });
    expect(await slices).toBe(false);
    await expectInStep(runId);
  });

  it('are not stored when another process committed meanwhile', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, (t) => goldOf(t));
    unsummarise(runId);
    const slices = refreshInSlices(db(), runId);
    const other = new Database(ctx.project, { timeout: 5000 });
    try {
      other.prepare('DELETE FROM predictions WHERE id = (SELECT min(id) FROM predictions WHERE run_id = ?)').run(runId);
    } finally {
      other.close();
    }
    expect(await slices).toBe(false);
    expect(stale(runId)).toBeUndefined();
    expect((await ctx.backend.call('reports.run', { id: runId })).coverage).toMatchObject({ scored: 3, pending: 1 });
  });
});

describe('reports read summaries', () => {
  it('pages the leaderboard per dataset, best first', async () => {
    const a = await seedEvalDataset(ctx.backend, ctx.dir, 4, 'alpha');
    const b = await seedEvalDataset(ctx.backend, ctx.dir, 4, 'beta');
    const right = await humanRun(ctx.backend, a, (t) => goldOf(t), 'all right');
    const wrong = await humanRun(ctx.backend, a, wrongOf, 'all wrong');
    const other = await humanRun(ctx.backend, b, (t) => goldOf(t), 'beta run');
    const all = await ctx.backend.call('reports.leaderboard');
    expect(all.rows.map((r) => r.runId)).toEqual([right, wrong, other]);
    expect(all.datasets.map((d) => [d.name, d.runs])).toEqual([['alpha', 2], ['beta', 1]]);
    const page = await ctx.backend.call('reports.leaderboard', { datasetId: a, offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 2, rows: [{ runId: wrong }] });
  });

  it('compares runs from their outcome vectors and reads rows only for the page of disagreements', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 8);
    const right = await humanRun(ctx.backend, datasetId, (t) => goldOf(t), 'right');
    const half = await humanRun(ctx.backend, datasetId, (t) => (questionNumber(t) % 2 ? goldOf(t) : wrongOf(t)), 'half');
    const cmp = await ctx.backend.call('reports.compare', { runIds: [right, half], offset: 1, limit: 2 });
    expect(cmp.common).toBe(8);
    expect(cmp.pairs[0]!.mcnemar).toMatchObject({ onlyFirst: 4, onlySecond: 0 });
    expect(cmp.disagreements.total).toBe(4);
    expect(cmp.disagreements.rows.map((r) => questionNumber(r.text))).toEqual([2, 4]);
    expect(cmp.disagreements.rows[0]!.answers.map((a) => a.correct)).toEqual([true, false]);
  });
});
