import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { png, withProject } from '../../../../test/fixtures';
import type { Backend } from '../../index';

const ctx = withProject();
const FIXTURES = join(__dirname, '../../../../test/fixtures/conformance/lmms-eval');
const SHAPES = ['mmbench_en_dev-v0.3.jsonl', 'mmbench_en_dev-current.jsonl'] as const;

/** The MMBench questions the fixture run asked (make_samples.py), but for index 406, which this project lacks. */
const QUESTIONS = [
  { index: 241, question: 'Which shape is marked?', options: ['circle', 'square', 'triangle', 'star'], answer: 'D' },
  { index: 1017, question: 'What colour is the marked region?', options: ['red', 'blue', 'green'], answer: 'B', hint: 'The picture shows a flag.' },
  { index: 58, question: 'How many dots are inside the box?', options: ['2', '3', '4', '5'], answer: 'C' },
  { index: 3303, question: 'Which animal is circled?', options: ['cat', 'dog'], answer: 'A' },
  { index: 77, question: 'Is the marked object above the line?', options: ['yes', 'no'], answer: 'A' },
];

/** The questions as a dataset whose item ids are `id(index)`: MMBench's own index, or ids of the project's own. */
async function seed(backend: Backend, dir: string, name: string, id: (index: number) => string, extra: typeof QUESTIONS = []): Promise<number> {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  const lines = [...QUESTIONS, ...extra].map((q, i) => {
    writeFileSync(join(folder, `${i}.png`), png(9 + i, 7, '#336699'));
    return JSON.stringify({ id: id(q.index), question: q.question, options: q.options, answer: q.answer, hint: q.hint ?? null, image: `${i}.png` });
  });
  writeFileSync(join(folder, `${name}.jsonl`), `${lines.join('\n')}\n`);
  return (await backend.call('imports.run', { files: [join(folder, `${name}.jsonl`)], dataset: name })).datasetId;
}

function fixture(name: string): string {
  const path = join(ctx.dir, name);
  copyFileSync(join(FIXTURES, name), path);
  return path;
}

async function outcomes(backend: Backend, runId: number) {
  return (await backend.call('runs.predictions', { runId, limit: 100 })).rows.sort((a, b) => a.questionId - b.questionId)
    .map((r) => [r.questionId, r.extracted, r.outcome]);
}

function storedReadings(project: string, runId: number): unknown[] {
  const db = new Database(project, { readonly: true, timeout: 5000 });
  try {
    return db.prepare<[number], { toolkit: string }>('SELECT toolkit FROM predictions WHERE run_id = ? ORDER BY question_id').all(runId).map((r) => JSON.parse(r.toolkit));
  } finally {
    db.close();
  }
}

describe('lmms-eval sample logs, v0.3 and current (>= 0.4)', () => {
  it('the same run in both shapes imports to the same outcomes, matched by MMBench index, with the toolkit\'s dicts kept', async () => {
    const datasetId = await seed(ctx.backend, ctx.dir, 'mmbench', String);
    const runs = [];
    for (const name of SHAPES) {
      const path = fixture(name);
      // Sample 5 (index 406) is not in the project: refused with its line and why, and no run is made.
      await expect(ctx.backend.call('runs.importPredictions', { datasetId, path, model: 'llava' })).rejects.toMatchObject({
        code: 'invalid_input', message: expect.stringContaining(`${name}: line 5: no origin question with id "406" in dataset "mmbench"`),
      });
      const r = await ctx.backend.call('runs.importPredictions', { datasetId, path, model: 'llava', skipUnmatched: true });
      expect(r).toMatchObject({ format: 'lmms-eval', predictions: 5, correct: 3, unmatched: [{ where: 'line 5', reason: 'no origin question with id "406" in dataset "mmbench"' }] });
      runs.push(r.runId);
    }
    expect(await outcomes(ctx.backend, runs[1]!)).toEqual(await outcomes(ctx.backend, runs[0]!));
    // MMBench is judged when the task aggregates: its per-sample dicts are kept as logged, with no verdict of their own.
    for (const runId of runs) {
      const readings = storedReadings(ctx.project, runId);
      expect(readings).toHaveLength(5);
      expect(readings[0]).toMatchObject({ source: 'lmms-eval', verdict: null, metrics: { gpt_eval_score: { index: expect.any(Number), prediction: expect.any(String) }, submission: { answer: expect.any(String) } } });
    }
  });

  it('matches by the question text and options of the metric dicts when the project has ids of its own', async () => {
    const datasetId = await seed(ctx.backend, ctx.dir, 'own-ids', (index) => `q-${index}`);
    const [old, current] = await Promise.all(SHAPES.map((name) => ctx.backend.call('runs.importPredictions', { datasetId, path: fixture(name), model: 'llava', skipUnmatched: true })));
    for (const r of [old!, current!]) expect(r).toMatchObject({ predictions: 5, correct: 3, unmatched: [{ where: 'line 5', reason: 'no origin question with id "406" in dataset "own-ids"' }] });
    expect(await outcomes(ctx.backend, current!.runId)).toEqual(await outcomes(ctx.backend, old!.runId));
  });

  it('matches a sample that logs no id and no question by its prompt, and refuses a prompt two questions fit', async () => {
    const datasetId = await seed(ctx.backend, ctx.dir, 'prompt', (index) => `q-${index}`);
    // A task whose metrics are plain numbers logs only the prompt: the fixture's lines with the dicts left out.
    const lines = readFileSync(join(FIXTURES, SHAPES[1]), 'utf8').trim().split('\n').map((line) => {
      const { gpt_eval_score: _g, submission: _s, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(rest);
    });
    const path = join(ctx.dir, 'prompt-only.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const r = await ctx.backend.call('runs.importPredictions', { datasetId, path, model: 'llava', skipUnmatched: true });
    expect(r).toMatchObject({ predictions: 5, correct: 3, unmatched: [{ where: 'line 5', reason: 'no origin question with its text and options in the prompt in dataset "prompt"' }] });
    const byIndex = await ctx.backend.call('runs.importPredictions', { datasetId: await seed(ctx.backend, ctx.dir, 'mmbench', String), path: fixture(SHAPES[1]), model: 'llava', skipUnmatched: true });
    expect((await outcomes(ctx.backend, r.runId)).map((o) => o.slice(1))).toEqual((await outcomes(ctx.backend, byIndex.runId)).map((o) => o.slice(1)));

    // A second question with index 241's text and options (another picture): its prompt fits both.
    const twice = await seed(ctx.backend, ctx.dir, 'twice', (index) => `t-${index}`, [{ ...QUESTIONS[0]!, index: 9241, answer: 'A' }]);
    const refused = await ctx.backend.call('runs.importPredictions', { datasetId: twice, path, model: 'llava', skipUnmatched: true });
    expect(refused.unmatched).toContainEqual({ where: 'line 1', reason: 'its prompt holds the text and options of several questions' });
  });

  it('reads MMMU\'s parsed answers as the toolkit\'s verdicts in both shapes, beside the studio\'s reading', async () => {
    const folder = join(ctx.dir, 'mmmu');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.png'), png(6, 6, '#102030'));
    const rows = [
      { id: 'validation_Art_1', question: 'Which <image 1> shows the vanishing point?', options: ['left', 'centre', 'right', 'none'], answer: 'B' },
      { id: 'validation_Art_2', question: 'Which colour dominates <image 1>?', options: ['red', 'blue', 'green', 'yellow'], answer: 'A' },
      { id: 'validation_Design_3', question: 'What style is the chair in <image 1>?', options: ['Bauhaus', 'Baroque', 'Rococo'], answer: 'A' },
      { id: 'validation_Math_4', question: 'How many edges does the solid in <image 1> have?', answer: '12' },
    ];
    writeFileSync(join(folder, 'mmmu.jsonl'), `${rows.map((r) => JSON.stringify({ ...r, image: 'a.png' })).join('\n')}\n`);
    const datasetId = (await ctx.backend.call('imports.run', { files: [join(folder, 'mmmu.jsonl')], dataset: 'mmmu' })).datasetId;
    const runs = [];
    for (const name of ['mmmu_val-v0.3.jsonl', 'mmmu_val-current.jsonl']) {
      const r = await ctx.backend.call('runs.importPredictions', { datasetId, path: fixture(name), model: 'llava', skipUnmatched: true });
      expect(r.unmatched).toEqual([{ where: 'line 5', reason: 'no origin question with id "validation_Art_9" in dataset "mmmu"' }]);
      // lmms-eval judged the three multiple-choice answers (B right, C for A wrong, "Bauhaus" read as A right); the
      // open answer gets no per-sample verdict from it.
      expect(r.toolkit).toEqual({ source: 'lmms-eval', questions: 3, agree: 3, disagreements: [] });
      runs.push(r.runId);
    }
    expect(await outcomes(ctx.backend, runs[1]!)).toEqual(await outcomes(ctx.backend, runs[0]!));
    expect(storedReadings(ctx.project, runs[1]!)[1]).toMatchObject({ label: 'C', verdict: false, metrics: { submission: { validation_Art_2: 'C' } } });
  });
});
