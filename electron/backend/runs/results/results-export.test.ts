import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { Backend } from '../..';
import { withProject, writeTsv } from '../../../../test/fixtures';
import { questionNumber, seedTripletDataset } from '../../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../../test/openai-server';
import { RESULT_COLUMNS } from './rows';

const ctx = withProject();
let server: FakeOpenAI | undefined;
afterEach(async () => server?.stop());

const SHAPES = ['circle', 'square', 'triangle', 'star'];

/** A VLMEvalKit TSV of `n` questions indexed 0…n−1 (so CircularEval copies can be numbered), gold A, B, C, D in turn. */
async function seedTsv(backend: Backend, n: number): Promise<number> {
  const rows = [['index', 'question', 'A', 'B', 'C', 'D', 'answer', 'category']];
  for (let i = 0; i < n; i++) rows.push([String(i), `Question ${i}: which shape is marked?`, ...SHAPES, 'ABCD'[i % 4]!, i % 2 ? 'odd' : 'even']);
  const file = join(ctx.dir, 'shapes.tsv');
  writeTsv(file, rows);
  return (await backend.call('imports.run', { files: [file], dataset: 'shapes' })).datasetId;
}

/**
 * A model that knows the shape of every question but 1 (always "A"), cannot say for question 2 on the rotation that
 * puts "star" first, and answers question 3 with a formula-like text naming the right option.
 */
function model(): FakeOpenAI {
  return new FakeOpenAI({
    reply: (prompt) => {
      const i = questionNumber(prompt);
      if (i === 1) return 'A';
      if (i === 2 && /\nA\. star/.test(prompt)) return 'Sorry, I cannot determine that.';
      const label = [...prompt.matchAll(/\n([A-D])\. (\w+)/g)].find((m) => m[2] === SHAPES[i % 4])?.[1] ?? 'Z';
      return i === 3 ? `=HYPERLINK("x") ${label}` : label;
    },
  });
}

async function circularRun(n: number): Promise<{ datasetId: number; runId: number }> {
  server = model();
  const baseUrl = await server.start();
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vlm' } });
  const datasetId = await seedTsv(ctx.backend, n);
  const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'fake', circular: true });
  await ctx.backend.state.runs.settled(runId);
  return { datasetId, runId };
}

/** Each unit's outcome by question and pass, as runs.predictions gives it. */
async function outcomes(runId: number): Promise<Map<string, string>> {
  const { rows } = await ctx.backend.call('runs.predictions', { runId, limit: 1000 });
  return new Map(rows.map((r) => [`${r.questionId}:${r.pass}`, r.outcome]));
}

describe('runs.export: a run\'s results leave the studio (issue 34 major 5)', () => {
  it('writes one JSONL and one CSV row per question and pass with the prompt identity, reply, reading, path, gold, outcome and usage', async () => {
    const { runId } = await circularRun(4);
    const summary = await ctx.backend.call('runs.get', { id: runId });
    const jsonl = join(ctx.dir, 'results.jsonl');
    expect(await ctx.backend.call('runs.export', { id: runId, format: 'jsonl', out: jsonl })).toEqual({ path: jsonl, format: 'jsonl', rows: 16, withoutReply: 0 });
    const records = readFileSync(jsonl, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records).toHaveLength(16);
    expect(Object.keys(records[0]!)).toEqual([...RESULT_COLUMNS]);
    const { rows } = await ctx.backend.call('runs.predictions', { runId, limit: 1000 });
    expect(records.map((r) => [r.question_id, r.pass, r.outcome, r.read, r.extraction, r.reply, r.gold]))
      .toEqual(rows.map((p) => [p.questionId, p.pass, p.outcome, p.extracted, p.extraction, p.raw, p.gold]));
    expect(records[0]).toMatchObject({
      run: runId, model: 'fake-vlm', template_id: 'vlmevalkit-mcq', template_hash: summary.templateHash, item: '0', role: 'origin', status: 'answered',
      judge_calls: 0, tokens_in: expect.any(Number), tokens_out: expect.any(Number), cached: false, error: null,
    });
    expect(new Set(records.map((r) => r.outcome))).toEqual(new Set(['correct', 'wrong', 'failed']));
    // JSONL keeps every reply byte-exact, even one a spreadsheet would run as a formula.
    expect(records.find((r) => r.item === '3')!.reply).toMatch(/^=HYPERLINK/);

    const csv = join(ctx.dir, 'results.csv');
    await ctx.backend.call('runs.export', { id: runId, format: 'csv', out: csv });
    const table = parse(readFileSync(csv, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(table).toHaveLength(16);
    expect(table.map((r) => [r.question_id, r.pass, r.outcome])).toEqual(records.map((r) => [String(r.question_id), String(r.pass), r.outcome]));
    expect(table.find((r) => r.item === '3')!.reply).toMatch(/^'=HYPERLINK/);
  });

  it('writes VLMEvalKit\'s prediction workbook, which `runs.importPredictions` reads back to the same outcomes, circular copies included', async () => {
    const { datasetId, runId } = await circularRun(8);
    const out = join(ctx.dir, 'fake-vlm_shapes.xlsx');
    expect(await ctx.backend.call('runs.export', { id: runId, format: 'vlmevalkit-xlsx', out })).toMatchObject({ rows: 32, withoutReply: 0 });
    const imported = await ctx.backend.call('runs.importPredictions', { datasetId, path: out, model: 'fake-vlm' });
    expect(imported).toMatchObject({ predictions: 32, format: 'vlmevalkit', unmatched: [] });
    const before = await outcomes(runId);
    expect(await outcomes(imported.runId)).toEqual(before);
    expect(new Set(before.values())).toEqual(new Set(['correct', 'wrong', 'failed']));
    expect(await ctx.backend.call('runs.get', { id: imported.runId })).toMatchObject({ circular: true });
  });

  it('refuses a workbook for a triplet run, whose three questions share one id, and names the formats that hold it', async () => {
    server = new FakeOpenAI({ reply: () => 'B' });
    const baseUrl = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vlm' } });
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 2);
    const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'fake', roles: ['origin', 'perception', 'knowledge'], triplets: 'drafts' });
    await ctx.backend.state.runs.settled(runId);
    await expect(ctx.backend.call('runs.export', { id: runId, format: 'vlmevalkit-xlsx', out: join(ctx.dir, 't.xlsx') }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/perception questions.*export the run as csv or jsonl/) });
    const rows = await ctx.backend.call('runs.export', { id: runId, format: 'jsonl', out: join(ctx.dir, 't.jsonl') });
    expect(rows.rows).toBe(6);
  });

  it('hands the desktop app the same file in the answer (runs.exportFile), named as the download names it, and refuses remote callers', async () => {
    const { runId } = await circularRun(4);
    for (const format of ['csv', 'jsonl', 'vlmevalkit-xlsx'] as const) {
      const out = join(ctx.dir, `written.${format}`);
      const written = await ctx.backend.call('runs.export', { id: runId, format, out });
      const file = await ctx.backend.call('runs.exportFile', { id: runId, format });
      expect(file.filename).toBe(format === 'vlmevalkit-xlsx' ? 'fake-vlm_shapes.xlsx' : `run-${runId}-results.${format}`);
      expect(file.rows).toBe(written.rows);
      if (format === 'vlmevalkit-xlsx') expect(Buffer.from(file.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
      else expect(Buffer.from(file.base64, 'base64').equals(readFileSync(out))).toBe(true);
    }
    const remote = await ctx.backend.dispatch('runs.exportFile', { id: runId, format: 'csv' }, { userId: null, remote: true });
    expect(remote).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
