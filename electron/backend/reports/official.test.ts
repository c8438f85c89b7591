import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OfficialScore } from '@shared/contract/report-entities';
import { withProject } from '../../../test/fixtures';

const ctx = withProject();
const conformance = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'conformance');
const read = <T>(...path: string[]): T => JSON.parse(readFileSync(join(conformance, ...path), 'utf8')) as T;

/** A CSV cell, quoted (replies hold commas, quotes and line breaks). */
const cell = (v: unknown) => `"${String(v).replace(/"/g, '""')}"`;
const csv = (header: string[], rows: Record<string, unknown>[]) => [header.join(','), ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(','))].join('\n');
const asPrinted = (score: OfficialScore) => Object.fromEntries(score.groups.map((g) => [g.name, g.acc]));

async function importTable(name: string, header: string[], rows: Record<string, unknown>[]): Promise<number> {
  const file = join(ctx.dir, `${name}.tsv`);
  writeFileSync(file, [header.join('\t'), ...rows.map((r) => header.map((h) => String(r[h] ?? '')).join('\t'))].join('\n'));
  return (await ctx.backend.call('imports.run', { files: [file], dataset: name })).datasetId;
}

async function importReplies(datasetId: number, rows: Record<string, unknown>[]) {
  const file = join(ctx.dir, `replies-${datasetId}.csv`);
  writeFileSync(file, csv(['index', 'prediction'], rows));
  const { runId } = await ctx.backend.call('runs.importPredictions', { datasetId, path: file, format: 'table', model: 'm' });
  return ctx.backend.call('reports.run', { id: runId });
}

describe('official figures beside the studio\'s in a run report', () => {
  it('MMMU: the figures main_eval_only.py prints for the run\'s replies, each random fallback listed', async () => {
    interface Row { id: string; question_type: string; answer: string | string[]; index2ans?: Record<string, string>; response: string }
    const rows = read<Row[]>('mmmu-official', 'inputs.json');
    const expected = read<{ results: Record<string, { num: number; acc: number }> }>('mmmu-official', 'expected.json');
    const questions = rows.map((r) => ({
      id: r.id, question: `question ${r.id}`, options: Object.values(r.index2ans ?? {}), question_type: r.question_type,
      answer: Array.isArray(r.answer) ? JSON.stringify(r.answer) : r.answer,
    }));
    const file = join(ctx.dir, 'mmmu.json');
    writeFileSync(file, JSON.stringify(questions));
    const { datasetId } = await ctx.backend.call('imports.run', { files: [file], dataset: 'MMMU' });
    const replies = join(ctx.dir, 'mmmu-replies.json');
    writeFileSync(replies, JSON.stringify(Object.fromEntries(rows.map((r) => [r.id, r.response]))));
    const { runId } = await ctx.backend.call('runs.importPredictions', { datasetId, path: replies, format: 'mmmu', model: 'm' });
    const report = await ctx.backend.call('reports.run', { id: runId });

    const [mmmu, ...others] = report.official;
    expect(others).toEqual([]);
    expect(mmmu!.scorer).toBe('mmmu');
    expect(asPrinted(mmmu!)).toEqual(Object.fromEntries(Object.entries(expected.results).map(([k, v]) => [k, v.acc])));
    expect(mmmu!.randomFallbacks).toBe(16);
    expect(mmmu!.differences.filter((d) => d.randomFallback)).toHaveLength(16);
    // The studio's own figure stands beside it, on the same questions.
    expect(mmmu!.studio).toMatchObject({ num: 49, right: report.accuracy.overall.correct });
    expect((await ctx.backend.call('reports.doctor', {})).mismatched).toEqual([]);
  });

  it('MMStar: its own scorer and VLMEvalKit\'s MMStar path side by side, from MMStar\'s own columns', async () => {
    interface Row { index: number; answer: string; category: string; l2_category: string; prediction: string }
    const rows = read<Row[]>('mmstar-official', 'inputs.json');
    const expected = read<{ score: Record<string, number> }>('mmstar-official', 'expected.json');
    const datasetId = await importTable('MMStar', ['index', 'question', 'A', 'B', 'C', 'D', 'answer', 'category', 'l2_category'],
      rows.map((r) => ({ ...r, question: `question ${r.index}`, A: 'apple', B: 'pear', C: 'plum', D: 'fig' })));
    const report = await importReplies(datasetId, rows.map((r) => ({ index: r.index, prediction: r.prediction })));
    expect(report.official.map((s) => s.scorer)).toEqual(['mmstar', 'vlmevalkit']);
    expect(asPrinted(report.official[0]!)).toEqual(expected.score);
    expect(report.official[1]!.groups[0]).toMatchObject({ name: 'Overall', num: rows.length });
  });

  it('VLMEvalKit: mcq_vanilla_eval\'s hits and report_acc\'s table for the run\'s replies', async () => {
    type Row = Record<string, string | number>;
    const rows = read<Row[]>('vlmevalkit-official', 'vanilla.json');
    const expected = read<{ vanilla: { acc: Record<string, number | string>[] } }>('vlmevalkit-official', 'expected.json');
    const datasetId = await importTable('plain', ['index', 'question', 'A', 'B', 'C', 'D', 'E', 'answer', 'category', 'l2-category'],
      rows);
    const report = await importReplies(datasetId, rows.map((r) => ({ index: r.index, prediction: r.prediction })));
    // Its categories are MMStar's, so MMStar's own scorer applies too.
    expect(report.official.map((o) => o.scorer)).toEqual(['mmstar', 'vlmevalkit']);
    const vlm = report.official[1];
    const { split: _split, ...table } = expected.vanilla.acc[0]!;
    expect(asPrinted(vlm!)).toEqual(table);
    expect(vlm!.differences.every((d) => d.officialRight !== d.studioRight)).toBe(true);
  });
});
