import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import type { JobControl } from '../jobs/registry';
import { importPredictions } from './import-predictions';

const ctx = withProject();
const conformance = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'conformance', 'mmevalpro');

interface OutputRow { index: number; triplet_id: number; model_output: string; answer: string; source: string; eval_type: string }

/** The benchmark as MMEvalPro publishes it (texts are not in the output file; gold answers kept as published). */
async function importBenchmark(output: readonly OutputRow[]): Promise<number> {
  const choices = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((l) => `option ${l}`);
  const benchmark = output.map((r) => ({
    index: r.index, triplet_id: r.triplet_id, question: `question ${r.index}`, choices, answer: r.answer, source: r.source, eval_type: r.eval_type,
  }));
  const file = join(ctx.dir, 'mmevalpro-benchmark.json');
  writeFileSync(file, JSON.stringify(benchmark));
  return (await ctx.backend.call('imports.run', { files: [file], dataset: 'MMEvalPro' })).datasetId;
}

describe('scoring a model-output file inside a project', () => {
  it('reproduces demo_score.json from the published MMEvalPro output, scored against the questions in the project', async () => {
    const output = JSON.parse(readFileSync(join(conformance, 'demo_model_output.json'), 'utf8')) as OutputRow[];
    const datasetId = await importBenchmark(output);

    const imported = await ctx.backend.call('runs.importPredictions', {
      datasetId, path: join(conformance, 'demo_model_output.json'), format: 'mmevalpro', model: 'demo-model',
    });
    expect(imported.predictions).toBe(6414);
    const run = await ctx.backend.call('runs.get', { id: imported.runId });
    expect(run).toMatchObject({ status: 'done', answered: 6414, errors: 0, model: 'demo-model', endpoint: 'imported', templateName: 'unknown (imported predictions)' });

    // The imported run's summary is stored by the import (right after its transaction) and equals a recomputation from its predictions.
    const db = ctx.backend.state.requireProject().db;
    expect(db.prepare('SELECT stale FROM run_summaries WHERE run_id = ?').pluck().get(imported.runId)).toBe(0);
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([]);
    const report = await ctx.backend.call('reports.run', { id: imported.runId });
    const expected = JSON.parse(readFileSync(join(conformance, 'demo_score.json'), 'utf8')) as Record<string, Record<string, number>>;
    const got = report.mmevalpro!;
    for (const [group, scores] of Object.entries(expected)) {
      const actual = group === 'Macro_Average' ? got.Macro_Average : group === 'Micro_Average' ? got.Micro_Average : got.bySource[group];
      expect(actual, group).toMatchObject(scores);
    }
    await expect(ctx.backend.call('runs.resume', { id: imported.runId })).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('demo_model_output.json') });
  });

  it('shows auto_score.py\'s own figures beside the studio\'s when a run misses questions of 40 triplets', async () => {
    const output = JSON.parse(readFileSync(join(conformance, 'demo_model_output.json'), 'utf8')) as OutputRow[];
    const datasetId = await importBenchmark(output);
    const official = join(conformance, '..', 'mmevalpro-official');
    const dropped = new Set(JSON.parse(readFileSync(join(official, 'dropped_indices.json'), 'utf8')) as number[]);
    const partial = join(ctx.dir, 'incomplete_model_output.json');
    writeFileSync(partial, JSON.stringify(output.filter((r) => !dropped.has(r.index))));
    const imported = await ctx.backend.call('runs.importPredictions', { datasetId, path: partial, format: 'mmevalpro', model: 'demo-model' });
    expect(imported.predictions).toBe(6370);

    const report = await ctx.backend.call('reports.run', { id: imported.runId });
    const expected = JSON.parse(readFileSync(join(official, 'incomplete_score.json'), 'utf8')) as Record<string, unknown>;
    const got = report.mmevalproOfficial!;
    expect({ ...got.bySource, Macro_Average: got.Macro_Average, Micro_Average: got.Micro_Average }).toEqual(expected);
    expect(got.differenceCount).toBe(40);
    expect(report.mmevalpro!.Micro_Average.incomplete_triplets).toBe(40);
    expect(report.mmevalpro!.Micro_Average.genuine_accuracy_score).not.toBe(got.Micro_Average!.genuine_accuracy_score);
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([]);
  });

  it('reads a VLMEvalKit prediction table with the live run\'s rules and names the line of an unknown index', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const good = join(ctx.dir, 'preds.tsv');
    writeFileSync(good, 'index\tprediction\nq0\tA\nq1\tLooking at it, B fits best\nq2\tsquare\nq3\tI cannot determine this.\n');
    const r = await ctx.backend.call('runs.importPredictions', { datasetId, path: good, format: 'table', model: 'm', name: 'from tsv' });
    expect(r).toMatchObject({ predictions: 4, correct: 2 });
    const rows = (await ctx.backend.call('runs.predictions', { runId: r.runId })).rows;
    expect(rows.map((p) => [p.extracted, p.extraction])).toEqual([['A', 'exact'], ['B', 'letter'], ['B', 'option-text'], [null, 'unanswerable']]);

    const before = (await ctx.backend.call('runs.list')).length;
    const bad = join(ctx.dir, 'bad.csv');
    writeFileSync(bad, 'index,prediction\nq0,A\nq9,B\n');
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: bad, format: 'table', model: 'm' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: 'bad.csv: line 3: no origin question with id "q9" in dataset "evalset"' });
    const twice = join(ctx.dir, 'twice.tsv');
    writeFileSync(twice, 'index\tprediction\nq0\tA\nq0\tB\n');
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: twice, format: 'table', model: 'm' }))
      .rejects.toMatchObject({ message: 'twice.tsv: line 3: answers the same question as line 2' });
    const noColumn = join(ctx.dir, 'nocol.tsv');
    writeFileSync(noColumn, 'index\tanswer\nq0\tA\n');
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: noColumn, format: 'table', model: 'm' }))
      .rejects.toMatchObject({ message: expect.stringContaining('no "prediction" column') });
    // All-or-nothing: refused files leave no run behind.
    expect((await ctx.backend.call('runs.list')).length).toBe(before);
  });

  it('matches MMMU eval-only predictions by question id', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const file = join(ctx.dir, 'mmmu.json');
    writeFileSync(file, JSON.stringify({ q0: 'A', q1: 'C', q2: 'C' }));
    const r = await ctx.backend.call('runs.importPredictions', { datasetId, path: file, format: 'mmmu', model: 'llava' });
    expect(r).toMatchObject({ predictions: 3, correct: 2 });
    const report = await ctx.backend.call('reports.run', { id: r.runId });
    expect(report.accuracy.overall).toMatchObject({ n: 3, correct: 2 });
  });

  it('stores nothing when cancelled after its replies were read, and leaves no staged rows on the connection', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const file = join(ctx.dir, 'cancelled.json');
    writeFileSync(file, JSON.stringify({ q0: 'A', q1: 'C', q2: 'C' }));
    const { db } = ctx.backend.state.requireProject();
    const before = (await ctx.backend.call('runs.list')).length;
    // A job cancelled the moment every reply has been read: what follows (staging, the write) must store nothing.
    const abort = new AbortController();
    const control: JobControl = { id: 'cancelled', signal: abort.signal, progress: (done, total) => void (done === total && abort.abort()) };
    const input = { datasetId, path: file, format: 'mmmu', model: 'm', skipUnmatched: false } as const;
    await expect(importPredictions(db, input, null, new Date(), control)).rejects.toMatchObject({ code: 'cancelled' });
    expect((await ctx.backend.call('runs.list')).length).toBe(before);
    expect(db.prepare('SELECT count(*) FROM sqlite_temp_master').pluck().get()).toBe(0);
    // And the connection imports the same file afterwards.
    expect(await importPredictions(db, input, null, new Date())).toMatchObject({ predictions: 3, correct: 2 });
    expect(db.prepare('SELECT count(*) FROM sqlite_temp_master').pluck().get()).toBe(0);
  });
});

describe('re-reading a run with newer extraction rules', () => {
  it('makes a new comparable run from the stored replies and leaves the old reading alone', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const file = join(ctx.dir, 'old-preds.tsv');
    writeFileSync(file, 'index\tprediction\nq0\tA\nq1\tA or B\nq2\tNot A, it is C.\nq3\tD\n');
    const old = await ctx.backend.call('runs.importPredictions', { datasetId, path: file, format: 'table', model: 'm', name: 'old' });
    // As anchor-rules-1 stored it: "A or B" read as B (gold B), a confident letter the reply never chose.
    const { db } = ctx.backend.state.requireProject();
    db.prepare(`UPDATE runs SET config = json_set(config, '$.extractor', 'anchor-rules-1') WHERE id = ?`).run(old.runId);
    db.prepare(`UPDATE predictions SET extracted = 'B', extraction = 'letter', correct = 1
      WHERE run_id = ? AND raw = 'A or B'`).run(old.runId);

    const reread = await ctx.backend.call('runs.reread', { id: old.runId });
    expect(reread).toMatchObject({ predictions: 4, changed: 1, correct: 3 });
    expect((await ctx.backend.call('reports.run', { id: old.runId })).accuracy.overall.correct).toBe(4);
    const fresh = await ctx.backend.call('runs.get', { id: reread.runId });
    expect(fresh).toMatchObject({ status: 'done', answered: 4, name: 'old · re-read (anchor-rules-3)' });
    const cmp = await ctx.backend.call('reports.compare', { runIds: [old.runId, reread.runId] });
    expect(cmp.pairs[0]!.mcnemar).toMatchObject({ onlyFirst: 1, onlySecond: 0 });
    const failed = await ctx.backend.call('runs.predictions', { runId: reread.runId, extraction: 'failed' });
    expect(failed.rows.map((r) => r.raw)).toEqual(['A or B']);

    await expect(ctx.backend.call('runs.reread', { id: reread.runId })).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('already') });
    await expect(ctx.backend.call('runs.resume', { id: reread.runId })).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('per-question scoring rules from the import', () => {
  it('scores code answers by BLEU-4 > 0.8, groups the report by rule, and refuses an unknown rule with its line', async () => {
    const code = String.raw`\begin{tabular}{|c|c|} \hline a & b \\ \hline c & d \\ \hline \end{tabular}`;
    const bench = join(ctx.dir, 'latextab.tsv');
    writeFileSync(bench, [
      'index\tquestion\tA\tB\tanswer\tscoring',
      `1\tWrite the table as LaTeX\t\t\t${code}\tbleu4`,
      `2\tWrite the table as LaTeX\t\t\t${code}\tbleu4`,
      '3\tWhich is bigger?\t1\t2\tB\tchoice',
    ].join('\n') + '\n');
    const { datasetId } = await ctx.backend.call('imports.run', { files: [bench], dataset: 'latextab' });
    const preds = join(ctx.dir, 'latextab-preds.tsv');
    writeFileSync(preds, `index\tprediction\n1\t${code.replace('\\end{tabular}', '\\end{tabular} % done')}\n2\t${code.replace('c & d', 'c & e')}\n3\tB\n`);
    const run = await ctx.backend.call('runs.importPredictions', { datasetId, path: preds, format: 'table', model: 'm' });
    expect(run.correct).toBe(2);
    const report = await ctx.backend.call('reports.run', { id: run.runId });
    expect(report.accuracy.by.scoring).toMatchObject({ bleu4: { n: 2, correct: 1 }, choice: { n: 1, correct: 1 } });

    const bad = join(ctx.dir, 'bad-rule.tsv');
    writeFileSync(bad, 'index\tquestion\tanswer\tscoring\n1\tq\tx\tbleu4\n2\tq\tx\tfuzzy\n');
    await expect(ctx.backend.call('imports.run', { files: [bad], dataset: 'bad' })).rejects.toMatchObject({ message: expect.stringContaining('bad-rule.tsv:3: scoring "fuzzy" is not one of choice, mmmu-open, bleu4, exact-text') });
  });
});
