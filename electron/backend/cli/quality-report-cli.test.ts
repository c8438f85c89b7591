import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { qualityReportSchema } from '@shared/contract';
import { withBuiltCli } from '../../../test/built-cli';
import { distinctImage, variantOf, writeImageJsonl } from '../../../test/near-duplicate-images';

const cli = withBuiltCli();

/** One project for the tests that only read it. */
let readOnly: Promise<string> | undefined;
const readProject = () => (readOnly ??= project());

/** "bench" (a, b, and a2 repeating a's question on a's picture) and "copy" (a re-encoded copy of b's picture). */
let projects = 0;
async function project(): Promise<string> {
  const path = join(cli.dir(), `quality-${++projects}.anchor`);
  const [a, b] = [distinctImage(31), distinctImage(32)];
  const bench = writeImageJsonl(join(cli.dir(), 'bench.jsonl'), [
    { id: 'a', question: 'What is shown?', image: a! }, { id: 'b', question: 'Which colour?', image: b! }, { id: 'a2', question: 'what is shown', image: a! },
  ]);
  const copy = writeImageJsonl(join(cli.dir(), 'copy.jsonl'), [{ id: 'n', question: 'Anything?', image: await variantOf(b!, 'jpeg') }]);
  expect(cli.anchor('import', bench, '--project', path, '--dataset', 'bench').code).toBe(0);
  expect(cli.anchor('import', copy, '--project', path, '--dataset', 'copy').code).toBe(0);
  return path;
}

describe('anchor report --quality', () => {
  it('prints the report as JSON and as Markdown, and writes the Markdown to a file', async () => {
    const path = await readProject();
    const json = cli.anchor('report', '--quality', '--dataset', 'bench', '--project', path, '--json');
    expect(json.code).toBe(0);
    const report = qualityReportSchema.parse(JSON.parse(json.stdout).value);
    expect(report.dataset).toMatchObject({ name: 'bench', items: 3, questions: 3 });
    expect([report.duplicates.withinDataset, report.duplicates.acrossDatasets, report.duplicates.itemsWithNearDuplicate]).toEqual([0, 1, 1]);
    expect(report.duplicates.questionGroups.map((g) => g.questions.map((q) => q.extId))).toEqual([['a', 'a2']]);
    expect(report.agreement).toEqual({ rounds: 0, ...Object.fromEntries(['overall', 'perception', 'knowledge'].map((k) => [k, { n: 0, percent: null, kappa: null }])) });
    expect([report.blind, report.provenance]).toEqual([null, null]);

    const file = join(cli.dir(), 'quality.md');
    const words = cli.anchor('report', '--quality', '--dataset', 'bench', '--project', path, '--markdown', file);
    expect(words.code).toBe(0);
    const markdown = readFileSync(file, 'utf8');
    expect(words.stdout).toContain(markdown.trim());
    expect(markdown).toMatch(/^# Quality report: bench\n/);
    expect(markdown).toContain('| 1 | bench/b, copy/n |');
    expect(markdown).toContain('| what is shown | bench/a (origin), bench/a2 (origin) |');
    expect(markdown).toContain('## Answerable without the image\n\nNot checked yet — run the visual-dependency check.');
    expect(markdown).toContain('## Provenance\n\nNo provenance recorded.');
  });

  it('refuses --quality without a dataset, and an unknown dataset, with a code', async () => {
    const path = await readProject();
    const none = cli.anchor('report', '--quality', '--project', path, '--json');
    expect([none.code, JSON.parse(none.stdout).error.code]).toEqual([1, 'invalid_input']);
    const unknown = cli.anchor('report', '--quality', '--dataset', 'nope', '--project', path, '--json');
    expect(JSON.parse(unknown.stdout).error.code).toBe('not_found');
  });

  it('goes into the dataset card of an hf-parquet export, with quality.json beside it; a later export without it removes it', async () => {
    const path = await project();
    const out = join(cli.dir(), 'release');
    expect(cli.anchor('export', '--project', path, '--dataset', 'bench', '--format', 'hf-parquet', '--out', out, '--quality').code).toBe(0);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toContain('## Quality report: bench\n');
    expect(card).toContain('### Checker agreement');
    expect(card.indexOf('## Quality report')).toBeLessThan(card.indexOf('## Citation'));
    const beside = qualityReportSchema.parse(JSON.parse(readFileSync(join(out, 'quality.json'), 'utf8')));
    expect(beside.duplicates.acrossDatasets).toBe(1);
    // The release still imports, its card's citation read as before.
    expect(cli.anchor('import', out, '--project', path, '--dataset', 'again').code).toBe(0);

    expect(cli.anchor('export', '--project', path, '--dataset', 'bench', '--format', 'hf-parquet', '--out', out).code).toBe(0);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).not.toContain('Quality report');
    expect(existsSync(join(out, 'quality.json'))).toBe(false);

    const tsv = cli.anchor('export', '--project', path, '--dataset', 'bench', '--format', 'vlmevalkit', '--out', join(cli.dir(), 'b.tsv'), '--quality', '--json');
    expect(JSON.parse(tsv.stdout).error.code).toBe('invalid_input');
  });
});
