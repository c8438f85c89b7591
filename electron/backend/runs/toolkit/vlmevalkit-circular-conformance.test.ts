import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { withProject } from '../../../../test/fixtures';

/**
 * CircularEval scored by the studio against VLMEvalKit's own evaluation (`mcq_circular_eval`, exact matching) of the
 * same prediction file, question by question; every file here was made by VLMEvalKit's code (README.md there).
 */
const FIXTURES = join(__dirname, '../../../../test/fixtures/conformance/vlmevalkit-circular');
const at = (name: string) => join(FIXTURES, name);

interface Score { hits: Record<string, { hit: number; log: string }>; acc: Record<string, (number | string | null)[]> }
const score = (name: string) => JSON.parse(readFileSync(at(name), 'utf8')) as Score;

const t = withProject();

async function imported() {
  const { datasetId } = await t.backend.call('imports.run', { files: [at('mmbench_mini_circular.tsv')], dataset: 'mmbench' });
  const questions = (await t.backend.call('questions.list', { datasetId, limit: 1000 })).rows;
  return { datasetId, extIdOf: new Map(questions.map((q) => [q.id, q.extId])) };
}

/** Per question (by its file index): right under CircularEval, i.e. every pass right. */
async function circularHits(runId: number, extIdOf: Map<number, string>): Promise<Record<string, number>> {
  const rows = (await t.backend.call('runs.predictions', { runId, limit: 1000 })).rows;
  const hits: Record<string, number> = {};
  for (const r of rows) {
    const key = extIdOf.get(r.questionId)!;
    hits[key] = (hits[key] ?? 1) * (r.outcome === 'correct' ? 1 : 0);
  }
  return hits;
}

const theirHits = (s: Score) => Object.fromEntries(Object.entries(s.hits).map(([k, v]) => [k, v.hit]));

describe('CircularEval against VLMEvalKit on the same prediction file', () => {
  it('scores every question as VLMEvalKit\'s circular evaluation does, and its verdicts agree with ours', async () => {
    const { datasetId, extIdOf } = await imported();
    const result = await t.backend.call('runs.importPredictions', {
      datasetId, path: at('model_MMBench_DEV_EN.xlsx'), judgePath: at('eval-original/model_MMBench_DEV_EN_exact_matching_result.xlsx'), model: 'model',
    });
    const original = score('score-original.json');
    expect(result).toMatchObject({ format: 'vlmevalkit', predictions: 71, unmatched: [] });
    expect(await circularHits(result.runId, extIdOf)).toEqual(theirHits(original));
    expect(result.toolkit).toMatchObject({ source: 'vlmevalkit', questions: 24, agree: 24, disagreements: [] });
    const report = await t.backend.call('reports.run', { id: result.runId });
    expect(report!.circular!.circular.correct / report!.circular!.circular.n).toBe(original.acc.Overall![0]);
  });

  it('reads the same predictions dumped as JSON (PRED_FORMAT=json, NaN literals) to the same outcomes', async () => {
    expect(readFileSync(at('model_MMBench_DEV_EN.json'), 'utf8')).toMatch(/: NaN,/);
    const { datasetId } = await imported();
    const fromXlsx = await t.backend.call('runs.importPredictions', { datasetId, path: at('model_MMBench_DEV_EN.xlsx'), model: 'model' });
    const fromJson = await t.backend.call('runs.importPredictions', { datasetId, path: at('model_MMBench_DEV_EN.json'), model: 'model' });
    expect(fromJson).toMatchObject({ format: 'vlmevalkit', predictions: 71, correct: fromXlsx.correct, unmatched: [] });
    const outcomes = async (runId: number) => (await t.backend.call('runs.predictions', { runId, limit: 1000 })).rows
      .map((r) => [r.questionId, r.pass, r.raw, r.extracted, r.outcome]);
    expect(await outcomes(fromJson.runId)).toEqual(await outcomes(fromXlsx.runId));
  });

  it('round-trips: VLMEvalKit scores the studio\'s export of the file exactly as the original', async () => {
    await imported();
    const out = join(t.dir, 'exported.tsv');
    await t.backend.call('exports.run', { dataset: 'mmbench', format: 'vlmevalkit', out });
    // The committed export VLMEvalKit scored is what this code writes.
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(at('exported.tsv'), 'utf8'));
    const rows = (file: string) => (parse(readFileSync(file, 'utf8'), { delimiter: '\t', columns: true, relax_quotes: true }) as Record<string, string>[])
      .map((r) => [r.index, r.A, r.B, r.C, r.D, r.answer]);
    expect(rows(out)).toEqual(rows(at('mmbench_mini_circular.tsv')));
    const exported = score('score-exported.json');
    const original = score('score-original.json');
    expect(theirHits(exported)).toEqual(theirHits(original));
    expect(exported.acc).toEqual(original.acc);
  });
});
