import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTsvRows, tempDir, writeTsv } from '../../../test/fixtures';

const root = join(__dirname, '..', '..', '..');
const bin = join(root, 'bin', 'anchor.cjs');
let dir: string;
let cleanup: () => void;

// The CLI is tested as users run it: the built bundle in a child process, output piped.
beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--node-only'], { cwd: root });
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

function anchor(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ANCHOR_DATA_DIR: join(dir, 'data') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('anchor CLI', () => {
  it('imports, reports info and exports with stable --json output and no progress bar when piped', () => {
    const file = join(dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(7));
    const project = join(dir, 'cli.anchor');
    const imported = anchor('import', file, '--project', project, '--json');
    expect(imported.code).toBe(0);
    expect(imported.stderr).toBe('');
    expect(JSON.parse(imported.stdout)).toEqual({
      ok: true,
      value: { datasetId: 1, dataset: 'bench', format: 'vlmevalkit', items: 7, questions: 7, images: 6 },
    });
    const info = JSON.parse(anchor('info', '--project', project, '--json').stdout);
    expect(info.value.datasets[0]).toMatchObject({ name: 'bench', questionCount: 7, byRole: { origin: 7 } });
    const human = anchor('info', '--project', project);
    expect(human.stdout).toContain('bench [vlmevalkit]: 7 items, 7 questions');
    const out = join(dir, 'out.tsv');
    const exported = anchor('export', '--project', project, '--dataset', 'bench', '--format', 'vlmevalkit', '--out', out);
    expect(exported.code).toBe(0);
    expect(existsSync(out)).toBe(true);
  });

  it('fails with a clear message and exit code 1, as JSON when asked', () => {
    const bad = join(dir, 'bad.tsv');
    const rows = sampleTsvRows(4);
    rows[3]![0] = 'three';
    writeTsv(bad, rows);
    const project = join(dir, 'bad.anchor');
    const r = anchor('import', bad, '--project', project);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/anchor: bad\.tsv:4: index "three" is not an integer \[import_failed\]/);
    const j = anchor('import', bad, '--project', project, '--json');
    expect(JSON.parse(j.stdout)).toEqual({ ok: false, error: { code: 'import_failed', message: 'bad.tsv:4: index "three" is not an integer' } });
    expect(anchor('info', '--project', join(dir, 'missing.anchor')).stderr).toMatch(/no project at/);
  });
});

describe('anchor score', () => {
  const conformance = join(root, '..', 'shared', 'conformance');

  it('reproduces MMEvalPro demo_score.json from the model-output file, with CG, PC, KC and the matrix added', () => {
    const r = anchor('score', join(conformance, 'mmevalpro', 'demo_model_output.json'), '--format', 'mmevalpro', '--json');
    expect(r.code).toBe(0);
    const value = JSON.parse(r.stdout).value;
    const expected = JSON.parse(readFileSync(join(conformance, 'mmevalpro', 'demo_score.json'), 'utf8')) as Record<string, Record<string, number>>;
    for (const [group, numbers] of Object.entries(expected)) {
      const got = value[group] ?? value.bySource[group];
      expect(got, group).toMatchObject(numbers);
      expect(got).toHaveProperty('consistency_gap');
      expect(got).toHaveProperty('knowledge_consistency');
    }
    expect(value.Micro_Average.conditional.perception.origin).toBe(value.Micro_Average.perception_consistency);
  });

  it('reproduces the official MMMU numbers from eval-only predictions', () => {
    const r = anchor('score', join(conformance, 'mmmu', 'llava1.5_13b_val_predictions.json'), '--format', 'mmmu',
      '--gold', join(conformance, 'mmmu', 'answer_dict_val.json'), '--json');
    const { format, ...report } = JSON.parse(r.stdout).value;
    expect(format).toBe('mmmu');
    expect(report).toEqual(JSON.parse(readFileSync(join(conformance, 'mmmu', 'llava1.5_13b_val_expected.json'), 'utf8')));
  });

  it('explains a missing gold file', () => {
    const r = anchor('score', join(conformance, 'mmmu', 'llava1.5_13b_val_predictions.json'), '--format', 'mmmu');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/needs the gold answers: --gold/);
  });
});
