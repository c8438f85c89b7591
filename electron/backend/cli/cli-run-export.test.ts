import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleTsvRows, writeTsv } from '../../../test/fixtures';
import { withBuiltCli } from '../../../test/built-cli';

const cli = withBuiltCli();

/** Each row's question, pass and outcome from a JSONL results export. */
const outcomes = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n')
  .map((l) => JSON.parse(l) as { item: string; pass: number; outcome: string; reply: string })
  .map((r) => [r.item, r.pass, r.outcome, r.reply]);

describe('anchor runs export (issue 34 major 5)', () => {
  it('writes VLMEvalKit\'s workbook, and `anchor runs import` reads it back to the same outcomes', () => {
    const dir = cli.dir();
    const bench = join(dir, 'bench.tsv');
    writeTsv(bench, sampleTsvRows(7));
    const project = join(dir, 'p.anchor');
    expect(cli.anchor('import', bench, '--project', project, '--dataset', 'bench').code).toBe(0);
    // Right on 0 and 1, wrong on 3; 2 and 4 name an option they lack and 5 and 6 none: unreadable.
    const preds = join(dir, 'preds.tsv');
    const replies = ['B', 'C', 'C', 'B', 'C', 'I am not sure', 'none of these'];
    writeFileSync(preds, `index\tprediction\n${replies.map((p, i) => `${i}\t${p}`).join('\n')}\n`);
    expect(cli.anchor('runs', 'import', preds, '--project', project, '--dataset', 'bench', '--model', 'm1', '--json').code).toBe(0);

    const workbook = join(dir, 'm1_bench.xlsx');
    const exported = cli.anchor('runs', 'export', '1', '--project', project, '--format', 'vlmevalkit-xlsx', '--out', workbook, '--json');
    expect(JSON.parse(exported.stdout)).toEqual({ ok: true, value: { path: workbook, format: 'vlmevalkit-xlsx', rows: 7, withoutReply: 0 } });
    const back = JSON.parse(cli.anchor('runs', 'import', workbook, '--project', project, '--dataset', 'bench', '--model', 'm1', '--json').stdout);
    expect(back).toMatchObject({ ok: true, value: { runId: 2, predictions: 7, correct: 2, format: 'vlmevalkit', unmatched: [] } });

    const first = join(dir, 'first.jsonl');
    const second = join(dir, 'second.jsonl');
    expect(cli.anchor('runs', 'export', '1', '--project', project, '--format', 'jsonl', '--out', first).code).toBe(0);
    expect(cli.anchor('runs', 'export', '2', '--project', project, '--format', 'jsonl', '--out', second).code).toBe(0);
    expect(outcomes(second)).toEqual(outcomes(first));
    expect(outcomes(first).map((r) => r[2])).toEqual(['correct', 'correct', 'failed', 'wrong', 'failed', 'failed', 'failed']);
    expect(cli.anchor('runs', 'export', '1', '--project', project, '--format', 'csv', '--out', join(dir, 'r.csv')).stdout).toBe(`7 rows written to ${join(dir, 'r.csv')}\n`);
  });

  it('refuses a format it does not write, and a run that does not exist, with codes', () => {
    const project = join(cli.dir(), 'p.anchor');
    const bad = cli.anchor('runs', 'export', '1', '--project', project, '--format', 'xml', '--json');
    expect(bad.code).not.toBe(0);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('csv, jsonl, vlmevalkit-xlsx') } });
    const missing = cli.anchor('runs', 'export', '99', '--project', project, '--format', 'csv', '--json');
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
