import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { backendWithProject, sampleTsvRows, until, writeTsv } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { as, goodDraft } from '../../../test/team-fixtures';
import { sceneFor, seedPictures } from '../../../test/vrp-fixtures';
import { CAREFUL, embedding, helperReply, targetReply } from '../../../test/optimize-fixtures';
import { writeXlsxBomb } from '../../../test/xlsx-bomb';
import { bin, root, withBuiltCli } from '../../../test/built-cli';
import { createBackend } from '..';

// The CLI is tested as users run it: the built bundle in a child process, output piped.
const cli = withBuiltCli();
let dir: string;
beforeAll(() => (dir = cli.dir()));
const cliEnv = cli.env;
const anchor = cli.anchor;
const anchorAsync = cli.anchorAsync;
const storedPredictions = cli.storedPredictions;

/** The address `anchor serve` prints once it listens. */
function servedUrl(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /(http:\/\/\S+)/.exec(text);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`serve exited: ${text}`)));
  });
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

  it('models add --token-param keeps the field an endpoint is asked with, defaults to auto, and refuses an unknown one with its code', () => {
    const add = (...extra: string[]) => anchor('models', 'add', 'reasoning', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'o3', ...extra, '--json');
    expect(JSON.parse(add().stdout)).toMatchObject({ ok: true, value: { tokenParam: 'auto' } });
    expect(JSON.parse(add('--token-param', 'max_tokens').stdout)).toMatchObject({ ok: true, value: { tokenParam: 'max_tokens' } });
    const bad = add('--token-param', 'max_output_tokens');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('--token-param must be one of auto, max_tokens') } });
    expect(JSON.parse(anchor('models', 'list', '--json').stdout).value).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'reasoning', tokenParam: 'max_tokens' })]));
    expect(anchor('models', 'remove', 'reasoning').code).toBe(0);
  });
});

describe('anchor runs import and anchor report', () => {
  it('scores prediction files inside a project and writes the report as JSON and as one HTML file', () => {
    const bench = join(dir, 'reportbench.tsv');
    writeTsv(bench, sampleTsvRows(7));
    const project = join(dir, 'report.anchor');
    expect(anchor('import', bench, '--project', project, '--dataset', 'bench').code).toBe(0);
    const oracle = join(dir, 'oracle.tsv');
    writeFileSync(oracle, `index\tprediction\n${[0, 1, 2, 3, 4, 5, 6].map((i) => `${i}\t${i % 2 ? 'C' : 'B'}`).join('\n')}\n`);
    const alwaysB = join(dir, 'always-b.csv');
    writeFileSync(alwaysB, `index,prediction\n${[0, 1, 2, 3, 4, 5, 6].map((i) => `${i},B`).join('\n')}\n`);
    const first = JSON.parse(anchor('runs', 'import', oracle, '--project', project, '--dataset', 'bench', '--format', 'table', '--model', 'oracle', '--json').stdout);
    expect(first).toEqual({ ok: true, value: { runId: 1, predictions: 7, correct: 7, format: 'vlmevalkit', unmatched: [], toolkit: null } });
    // The format is told by content when not given.
    const second = anchor('runs', 'import', alwaysB, '--project', project, '--dataset', 'bench', '--model', 'always-b');
    expect(second.stdout).toBe('run 2: 7 predictions, 4 right (57.1%)\n');

    const html = join(dir, 'report.html');
    const r = JSON.parse(anchor('report', '1', '--project', project, '--compare', '2', '--html', html, '--json').stdout);
    expect(r.value.accuracy.overall).toMatchObject({ n: 7, correct: 7 });
    expect(r.value.accuracy.by.category).toMatchObject({ animals: { n: 3, correct: 3 }, plants: { n: 4, correct: 4 } });
    expect(r.value.comparison.pairs[0]).toMatchObject({ first: 1, second: 2, significant: false, mcnemar: { onlyFirst: 3, onlySecond: 0, pValue: 0.25 } });
    expect(r.value.html).toBe(html);
    expect(readFileSync(html, 'utf8')).toContain('Comparison on 7 common questions');
    const text = anchor('report', '2', '--project', project);
    expect(text.stdout.split('\n')[0]).toBe('always-b · bench · imported: 57.1% (4/7, 95% CI 25.0–84.2 Wilson)');
    expect(r.value.comparison.pairs[0]).toMatchObject({ decidedBy: 'mcnemar', clusterBootstrap: null });
    // Seeing-or-not from the CLI: run 1 as "with images", run 2 as "images withheld" (MG = 100 − 57.1 points).
    const seeing = JSON.parse(anchor('report', '--seeing', '1,2', '--project', project, '--json').stdout).value;
    expect(seeing).toMatchObject({ common: 7, basis: 'single-pass', note: null, sv: { correct: 7 }, swv: { correct: 4 }, st: null, ml: null });
    expect(seeing.mg).toBeCloseTo((100 * 3) / 7, 10);
    expect(anchor('report', '--seeing', '1,2,2', '--project', project).stdout).toContain('MG 42.9 points (S_v − S_wv) · ML 0.0 points');
    expect(anchor('report', '--seeing', '1', '--project', project).stderr).toMatch(/--seeing takes two or three run ids/);
    expect(anchor('report', '--project', project).stderr).toMatch(/give a run id, or --seeing/);
    const bad = anchor('runs', 'import', oracle, '--project', project, '--dataset', 'nope', '--format', 'table', '--model', 'x');
    expect(bad.stderr).toMatch(/no dataset named "nope"/);

    // `anchor doctor summaries`: both imported runs' stored summaries equal a recomputation; a tampered one is named.
    expect(JSON.parse(anchor('doctor', 'summaries', '--project', project, '--json').stdout).value).toEqual({ checked: 2, unsummarised: 0, mismatched: [], fixed: 0 });
    const file = new Database(project);
    file.prepare(`UPDATE run_summaries SET counts = json_set(counts, '$.answered', 6) WHERE run_id = 2`).run();
    file.close();
    const tampered = anchor('doctor', 'summaries', '--project', project);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/1 of 2 stored summaries differ from their predictions: run 2 \(counts\).*\[conflict\]/);
    expect(anchor('doctor', 'summaries', '--project', project, '--fix').stdout).toContain('1 summaries rewritten');
    expect(anchor('doctor', 'summaries', '--project', project).stdout).toMatch(/^2 stored summaries recomputed from predictions: all equal/);
  });

  it('reports MMBench\'s L1 abilities in --json and in the text summary', () => {
    const l2 = ['coarse_perception', 'finegrained_perception (cross-instance)', 'logic_reasoning', 'attribute_reasoning'];
    const bench = join(dir, 'mmbench-l1.tsv');
    writeFileSync(bench, `index\tquestion\tA\tB\tanswer\tl2-category\n${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}\tQ${i}?\tyes\tno\tA\t${l2[i % 4]}`).join('\n')}\n`);
    const project = join(dir, 'mmbench-l1.anchor');
    expect(anchor('import', bench, '--project', project, '--dataset', 'mmbench').code).toBe(0);
    // Right on 0–2 (perception, perception, reasoning), wrong on the rest.
    const preds = join(dir, 'mmbench-l1-preds.tsv');
    writeFileSync(preds, `index\tprediction\n${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${i}\t${i < 3 ? 'A' : 'B'}`).join('\n')}\n`);
    expect(anchor('runs', 'import', preds, '--project', project, '--dataset', 'mmbench', '--format', 'table', '--model', 'm').code).toBe(0);
    const json = JSON.parse(anchor('report', '1', '--project', project, '--json').stdout).value;
    expect(json.accuracy.by.l1Category).toMatchObject({ Perception: { n: 4, correct: 2 }, Reasoning: { n: 4, correct: 1 } });
    expect(anchor('report', '1', '--project', project).stdout).toContain('MMBench L1: Perception 50.0% (2/4) · Reasoning 25.0% (1/4)');
  });
});

describe('anchor runs import within limits (attack 9)', () => {
  it('refuses a zip-bomb workbook and an over-long cell with too_large, naming the limit', () => {
    const bench = join(dir, 'limitsbench.tsv');
    writeTsv(bench, sampleTsvRows(2));
    const project = join(dir, 'limits.anchor');
    expect(anchor('import', bench, '--project', project, '--dataset', 'bench').code).toBe(0);
    // Under a megabyte on disk, more than the 128 MB limit unzipped: the reader before measured nothing and grew to GBs.
    const bomb = join(dir, 'GPT_bench.xlsx');
    writeXlsxBomb(bomb, 129 * 1024 * 1024);
    const refused = anchor('runs', 'import', bomb, '--project', project, '--dataset', 'bench', '--model', 'bomb', '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({ ok: false, error: { code: 'too_large', message: 'GPT_bench.xlsx: the workbook unzips to more than 128 MB, the most this studio reads' } });
    const long = join(dir, 'long.csv');
    writeFileSync(long, `index,prediction\n0,B\n1,${'B'.repeat(1_000_001)}\n`);
    const cell = anchor('runs', 'import', long, '--project', project, '--dataset', 'bench', '--model', 'long', '--json');
    expect(JSON.parse(cell.stdout).error).toEqual({ code: 'too_large', message: 'long.csv: line 3: the "prediction" cell is longer than 1,000,000 characters, the most a cell may hold' });
    expect(JSON.parse(anchor('runs', 'list', '--project', project, '--json').stdout).value).toEqual([]);
  });
});

describe('anchor score', () => {
  const conformance = join(root, 'test', 'fixtures', 'conformance');

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

  it('prints auto_score.py\'s own figures beside the studio\'s on a file with incomplete triplets, and where they differ', () => {
    const dropped = new Set(JSON.parse(readFileSync(join(conformance, 'mmevalpro-official', 'dropped_indices.json'), 'utf8')) as number[]);
    const rows = (JSON.parse(readFileSync(join(conformance, 'mmevalpro', 'demo_model_output.json'), 'utf8')) as { index: number }[])
      .filter((row) => !dropped.has(row.index));
    const file = join(dir, 'incomplete_model_output.json');
    writeFileSync(file, JSON.stringify(rows));
    const r = anchor('score', file, '--format', 'mmevalpro', '--json');
    expect(r.code).toBe(0);
    const { official, Micro_Average: studio } = JSON.parse(r.stdout).value;
    const expected = JSON.parse(readFileSync(join(conformance, 'mmevalpro-official', 'incomplete_score.json'), 'utf8')) as Record<string, unknown>;
    expect({ ...official.bySource, Macro_Average: official.Macro_Average, Micro_Average: official.Micro_Average }).toEqual(expected);
    expect(official.differences).toHaveLength(40);
    expect(studio.incomplete_triplets).toBe(40);
    const text = anchor('score', file, '--format', 'mmevalpro');
    expect(text.stdout).toMatch(/official Micro_Average\s+genuine_accuracy_score 33\.3 /);
    expect(text.stdout).toMatch(/40 place\(s\) where auto_score\.py reads the file differently/);
  });

  it('scores a VLMEvalKit CircularEval prediction table as its exact matching does, beside the studio\'s reading', () => {
    type Row = Record<string, string | number>;
    const rows = JSON.parse(readFileSync(join(conformance, 'vlmevalkit-official', 'circular.json'), 'utf8')) as Row[];
    const expected = JSON.parse(readFileSync(join(conformance, 'vlmevalkit-official', 'expected.json'), 'utf8')) as { circular: { acc: Row[] } };
    const header = ['index', 'question', 'A', 'B', 'C', 'D', 'answer', 'category', 'l2-category', 'prediction'];
    const file = join(dir, 'MMBench_DEV_EN_circular.tsv');
    writeFileSync(file, [header.join('\t'), ...rows.map((r) => header.map((h) => String(r[h] ?? '')).join('\t'))].join('\n'));
    const r = anchor('score', file, '--format', 'vlmevalkit', '--json');
    expect(r.code).toBe(0);
    const { circular, official } = JSON.parse(r.stdout).value as { circular: boolean; official: { scorer: string; groups: { name: string; acc: number }[] }[] };
    expect(circular).toBe(true);
    expect(official.map((o) => o.scorer)).toEqual(['vlmevalkit']);
    const { split: _split, ...table } = expected.circular.acc[0]!;
    expect(Object.fromEntries(official[0]!.groups.map((g) => [g.name, g.acc]))).toEqual(table);
    const text = anchor('score', file, '--format', 'vlmevalkit');
    expect(text.stdout).toMatch(/official \(VLMEvalKit's exact matching\): 57\.1% · studio \d+\.\d% \(\d\/7\)/);
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

  it('manages endpoints and lists runs from the command line', () => {
    const project = join(dir, 'cli.anchor');
    expect(anchor('models', 'add', 'ollama', '--base-url', 'http://127.0.0.1:11434/v1', '--model', 'llava', '--text-only', '--api-key-env', 'NOPE_KEY').code).toBe(0);
    const list = JSON.parse(anchor('models', 'list', '--json').stdout).value;
    expect(list.find((e: { name: string }) => e.name === 'ollama')).toMatchObject({ kind: 'text', apiKeyEnv: 'NOPE_KEY', keySource: 'none' });
    const random = anchor('eval', '--project', project, '--dataset', 'bench', '--model', 'random-guess', '--seed', '3', '--json');
    expect(random.code).toBe(0);
    expect(JSON.parse(random.stdout).value).toMatchObject({ kind: 'random', status: 'done', units: 7, answered: 7 });
    expect(anchor('runs', 'list', '--project', project).stdout).toMatch(/random-guess · bench/);
    expect(anchor('eval', '--project', project, '--dataset', 'nope', '--model', 'random-guess').stderr).toMatch(/no dataset named "nope"/);
    expect(anchor('models', 'remove', 'ollama').stdout).toMatch(/Removed ollama/);
    // A failing endpoint test says so in the JSON too, not ok:true beside exit code 1 (nothing listens on port 9).
    expect(anchor('models', 'add', 'gone', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'x').code).toBe(0);
    const tested = anchor('models', 'test', 'gone', '--json');
    expect(tested.code).toBe(1);
    expect(JSON.parse(tested.stdout)).toMatchObject({ ok: false, error: { code: 'endpoint_failed', message: expect.stringMatching(/^gone: failed after \d+ ms/) } });
    expect(anchor('models', 'test', 'gone').stderr).toMatch(/gone: failed after \d+ ms .*\[endpoint_failed\]/);
    expect(anchor('models', 'remove', 'gone').code).toBe(0);
  });

  it('adds users with passwords from stdin, lints, and exports accepted triplets with their review history', async () => {
    const project = join(dir, 'team.anchor');
    const file = join(dir, 'team.tsv');
    writeTsv(file, sampleTsvRows(3));
    expect(anchor('import', file, '--project', project).code).toBe(0);
    const add = (name: string, roles: string, password?: string) => spawnSync(process.execPath,
      [bin, 'users', 'add', name, '--project', project, '--role', roles, ...(password ? ['--password-stdin'] : []), '--json'],
      { encoding: 'utf8', env: cliEnv(), input: password ? `${password}\n` : '' });
    expect(JSON.parse(add('lea', 'lead,checker', 'lea-password').stdout).value).toMatchObject({ name: 'lea', roles: ['lead', 'checker'], hasPassword: true });
    expect(add('ann', 'annotator').status).toBe(0);
    expect(add('cat', 'checker').status).toBe(0);
    expect(JSON.parse(add('ann', 'checker').stdout).error).toEqual({ code: 'conflict', message: 'a user named "ann" already exists' });
    expect(JSON.parse(add('bob', 'lead', 'short').stdout).error.message).toBe('passwords need at least 8 characters');
    expect(anchor('users', 'list', '--project', project).stdout).toMatch(/ann\s+annotator\s+no password/);
    const passwd = spawnSync(process.execPath, [bin, 'users', 'passwd', 'ann', '--project', project, '--password-stdin'],
      { encoding: 'utf8', env: cliEnv(), input: 'ann-password\n' });
    expect(passwd.stdout).toMatch(/Set a new password for ann/);

    // Annotate one triplet to acceptance through the services, then export from the CLI.
    const backend = await createBackend({ dataDir: join(dir, 'data'), projectPath: project });
    await as(backend, 'lea')('assignments.assign', { datasetId: 1, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 } });
    const ann = as(backend, 'ann');
    const first = await ann('triplets.submit', { itemId: 1, baseVersion: 1, draft: goodDraft() });
    expect(first.status).toBe('submitted');
    const pass = { verdict: 'pass' as const, reason: null, comment: '' };
    await as(backend, 'lea')('reviews.submit', { itemId: 1, verdicts: { perception: pass, knowledge: pass } });
    await as(backend, 'cat')('reviews.submit', { itemId: 1, verdicts: { perception: pass, knowledge: pass } });
    const draft = goodDraft();
    draft.perception.options = ['dup', 'dup'];
    await ann('triplets.save', { itemId: 2, baseVersion: 1, draft });
    await backend.close();

    const lint = anchor('lint', '--project', project, '--json');
    expect(lint.code).toBe(2);
    expect(JSON.parse(lint.stdout).value.findings.map((f: { rule: string; itemId: number }) => [f.itemId, f.rule])).toEqual([[2, 'duplicate_options']]);
    expect(anchor('lint', '--project', project).stdout).toMatch(/item 1 \(#2\) question #\d+: perception question of 1: options A and B are both "dup" \[duplicate_options\]/);
    const out = join(dir, 'accepted.json');
    const exported = anchor('export', '--project', project, '--dataset', 'team', '--format', 'mmevalpro', '--accepted-only', '--out', out, '--review-history', join(dir, 'reviews.json'));
    expect(exported.stdout).toMatch(/Wrote 3 questions \(1 items, accepted only\)[\s\S]*review history of 1 triplets/);
    expect((JSON.parse(readFileSync(out, 'utf8')) as { triplet_id: number }[]).map((r) => r.triplet_id)).toEqual([0, 0, 0]);
  }, 300_000);

  it('serves a team server that loses no submitted work when killed, and refuses the network without logins', async () => {
    const project = join(dir, 'team.anchor');
    const open = join(dir, 'open.anchor');
    writeTsv(join(dir, 'open.tsv'), sampleTsvRows(2));
    expect(anchor('import', join(dir, 'open.tsv'), '--project', open).code).toBe(0);
    const refused = await anchorAsync('serve', '--project', open, '--host', '0.0.0.0', '--port', '0');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refusing to serve on 0\.0\.0\.0 without logins/);

    const child = spawn(process.execPath, [bin, 'serve', '--project', project, '--port', '0'], { env: cliEnv() });
    try {
      const url = await servedUrl(child);
      const post = (path: string, body: unknown, cookie = '') => fetch(`${url}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body),
      });
      expect((await post('api/datasets.list', {})).status).toBe(401);
      const cookie = (await post('auth/login', { name: 'ann', password: 'ann-password' })).headers.get('set-cookie')!.split(';')[0]!;
      const draft = goodDraft(' — fixed before the crash');
      const tri = ((await (await post('api/triplets.get', { itemId: 2 }, cookie)).json()) as { value: { version: number } }).value;
      const res: unknown = await (await post('api/triplets.submit', { itemId: 2, baseVersion: tri.version, draft: { ...draft, perception: { ...draft.perception, options: ['one', 'two'] } } }, cookie)).json();
      expect(res).toEqual({ ok: true, value: { version: tri.version + 1, status: 'submitted' } });
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((r) => child.once('close', r));
    const after = new Database(project, { readonly: true });
    expect(after.prepare('SELECT status FROM items WHERE id = 2').pluck().get()).toBe('submitted');
    expect(after.prepare(`SELECT text FROM questions WHERE item_id = 2 AND role = 'perception'`).pluck().get()).toBe('What animal is in the picture? — fixed before the crash');
    expect(after.prepare(`SELECT count(*) FROM revisions WHERE entity = 'triplet' AND entity_id = '2' AND action IN ('save', 'submit')`).pluck().get()).toBe(3);
    after.close();
  }, 300_000);

  it('throttles logins per client behind a proxy named with --trusted-proxy, and refuses a name that is no address', async () => {
    const project = join(dir, 'proxied.anchor');
    writeTsv(join(dir, 'proxied.tsv'), sampleTsvRows(1));
    expect(anchor('import', join(dir, 'proxied.tsv'), '--project', project).code).toBe(0);
    const added = spawnSync(process.execPath, [bin, 'users', 'add', 'lea', '--project', project, '--role', 'lead', '--password-stdin'], { encoding: 'utf8', env: cliEnv(), input: 'lea-password\n' });
    expect(added.status).toBe(0);
    const bad = await anchorAsync('serve', '--project', project, '--port', '0', '--trusted-proxy', 'proxy.example');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--trusted-proxy takes an IP address, not "proxy\.example"/);

    const child = spawn(process.execPath, [bin, 'serve', '--project', project, '--port', '0', '--trusted-proxy', '127.0.0.1'], { env: cliEnv() });
    try {
      const url = await servedUrl(child);
      const login = (name: string, password: string, client: string) => fetch(`${url}auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ name, password }),
      });
      for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`, 'wrong-password', '10.0.0.66')).status).toBe(401);
      expect((await login('guess-5', 'wrong-password', '10.0.0.66')).status).toBe(429);
      // Another member behind the same proxy is not slowed by the guesser.
      expect((await login('lea', 'lea-password', '10.0.0.7')).status).toBe(200);
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((r) => child.once('close', r));
  }, 300_000);
});

describe('anchor variants', () => {
  it('plans, generates chosen levels with PNGs and metadata, and refuses an empty text for full intervention', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'vrp.anchor');
    const items = await seedPictures(backend, dir, 3);
    await backend.call('scenes.save', { itemId: items[0]!.id, baseVersion: 0, scene: sceneFor(items[0]!) });
    await backend.call('scenes.save', { itemId: items[1]!.id, baseVersion: 0, scene: sceneFor(items[1]!, undefined, { content: '' }) });
    await backend.close();

    const plan = JSON.parse(anchor('variants', '--project', project, '--dataset', 'pictures', '--levels', 'none,partial', '--plan', '--json').stdout);
    expect(plan.value).toMatchObject({ originals: 2, perOriginal: 5, variants: 10, target: 'pictures-vrp' });
    expect(plan.value.skipped).toEqual([{ itemId: items[2]!.id, extId: '2', reason: 'no scene drawn' }]);
    const other = await backendWithProject(dir, 'vrp-shapes.anchor');
    const [one] = await seedPictures(other.backend, dir, 1, undefined, 'shapes');
    await other.backend.call('scenes.save', { itemId: one!.id, baseVersion: 0, scene: sceneFor(one!) });
    await other.backend.close();
    const shaped = JSON.parse(anchor('variants', '--project', other.path, '--dataset', 'shapes', '--levels', 'full', '--full-shapes', 'box,ellipse', '--plan', '--json').stdout);
    expect(shaped.value.perOriginal).toBe(16);
    expect(new Set(shaped.value.specs.map((s: { shape: string }) => s.shape))).toEqual(new Set(['box', 'ellipse']));
    expect(anchor('variants', '--project', project, '--dataset', 'pictures', '--full-shapes', 'star', '--plan').stderr).toMatch(/--full-shapes takes .* got "star"/);

    const refused = anchor('variants', '--project', project, '--dataset', 'pictures');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/item 1: the reference text is empty, and full intervention writes it on the image \[invalid_input\]/);

    const out = join(dir, 'vrp-out');
    const made = anchor('variants', '--project', project, '--dataset', 'pictures', '--levels', 'none,partial', '--out', out, '--json');
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout).value).toMatchObject({ dataset: 'pictures-vrp', originals: 2, variants: 10, created: 10, out });
    expect(readFileSync(join(out, 'metadata.csv'), 'utf8').trim().split('\n')).toHaveLength(11);
    expect(existsSync(join(out, '0__partial__blue_ellipse_none_none.png'))).toBe(true);
    expect(anchor('variants', '--project', project, '--dataset', 'pictures', '--levels', 'none,partial').stdout)
      .toMatch(/10 variants of 2 originals in "pictures-vrp" \(0 new, 0 redrawn, 10 unchanged\)/);

    const bad = anchor('variants', '--project', project, '--dataset', 'pictures', '--levels', 'some');
    expect(bad.stderr).toMatch(/--levels takes a comma-separated list of none, partial, full; got "some"/);
  }, 300_000);
});

describe('anchor optimize', () => {
  it('counts its calls in a dry run, then customises the prompt and evaluates it on the held-out items', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'optimize.anchor');
    await seedEvalDataset(backend, dir, 16);
    await backend.close();
    const target = new FakeOpenAI({ reply: targetReply });
    const helper = new FakeOpenAI({ reply: helperReply, embed: embedding });
    const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
    try {
      expect(anchor('models', 'add', 'tp-target', '--base-url', targetUrl, '--model', 'vl-7b').code).toBe(0);
      expect(anchor('models', 'add', 'tp-helper', '--base-url', helperUrl, '--model', 'helper').code).toBe(0);
      const common = ['optimize', '--project', project, '--dataset', 'evalset', '--model', 'tp-target', '--optimizer', 'tp-helper', '--embeddings', 'tp-helper', '--rounds', '2'];
      const dry = await anchorAsync(...common, '--dry-run', '--json');
      expect(JSON.parse(dry.stdout).value).toMatchObject({ fewSize: 8, testSize: 8, candidates: 7, calls: { target: 56, optimizer: 6 } });
      const bare = ['optimize', '--project', project, '--dataset', 'evalset', '--model', 'tp-target', '--optimizer', 'tp-helper'];
      const unset = await anchorAsync(...bare, '--dry-run');
      expect(unset.stdout).toMatch(/optimised: the whole task prompt, with the question template "Question \{slot1\}: which shape is marked\?"/);
      // Without an embeddings endpoint the dry run says there is no measure yet; lexical is an opt-in, labelled.
      expect(unset.stdout).toMatch(/similarity: none configured — give --embeddings <endpoint>, or opt in with --lexical-similarity; tasks by category/);
      expect(JSON.parse((await anchorAsync(...bare, '--dry-run', '--json')).stdout).value).toMatchObject({ similarity: null, taskBy: 'category' });
      const refused = await anchorAsync(...bare, '--json');
      expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/no similarity measure/) });
      const lexical = await anchorAsync(...bare, '--lexical-similarity', '--dry-run');
      expect(lexical.stdout).toMatch(/similarity: lexical \(shared words; opted in\)/);
      expect(lexical.stdout).toMatch(/warning: Similarity is lexical \(shared words\), not the paper's sentence embeddings/);
      expect(target.delivered()).toBe(0);
      const run = await anchorAsync(...common, '--evaluate', '--json');
      expect(run.code).toBe(0);
      const value = JSON.parse(run.stdout).value;
      expect(value.optimization).toMatchObject({ status: 'done', round: 2, similarity: 'embeddings', taskBy: 'category' });
      expect(value.optimization.roundReports).toEqual([
        expect.objectContaining({ round: 1, valid: 3 }), expect.objectContaining({ round: 2, valid: 3 }),
      ]);
      expect(value.optimization.chosen.prompt).toBe(CAREFUL);
      expect(value.evaluation).toMatchObject({ task: 'evalset', original: 0, customised: 1 });
      const human = await anchorAsync(...common, '--task', 'odd', '--zero-shot');
      expect(human.stdout).toMatch(/optimisation \d+ \(tp-target · odd\): done, 1 of 1 rounds/);
      expect(human.stdout).toMatch(/^round 1: 3 valid of \d+ asked/m);
    } finally {
      await target.stop();
      await helper.stop();
    }
  }, 300_000);

  it('resumes an optimisation killed with SIGKILL without asking any stored answer again', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'optimize-killed.anchor');
    await seedEvalDataset(backend, dir, 16);
    await backend.close();
    // The target answers its first 10 requests and holds every further one: the kill lands with requests in flight and
    // none in transit, however fast the machine.
    let asked = 0;
    let answerAtMost = 10;
    const target = new FakeOpenAI({ reply: targetReply, fault: () => (++asked > answerAtMost ? { kind: 'timeout' } : { kind: 'ok' }) });
    const helper = new FakeOpenAI({ reply: helperReply, embed: embedding });
    const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
    try {
      expect(anchor('models', 'add', 'k-target', '--base-url', targetUrl, '--model', 'vl-7b').code).toBe(0);
      expect(anchor('models', 'add', 'k-helper', '--base-url', helperUrl, '--model', 'helper').code).toBe(0);
      const common = ['optimize', '--project', project, '--dataset', 'evalset', '--model', 'k-target', '--optimizer', 'k-helper', '--embeddings', 'k-helper', '--rounds', '2', '--json'];
      const child = spawn(process.execPath, [bin, ...common], { env: cliEnv() });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      // As in the eval kill above: kill once a request is held, none is in transit and every delivered reply is stored.
      await until(() => target.held() > 0 && target.inFlight === 0 && storedPredictions(project) === target.delivered());
      child.kill('SIGKILL');
      await exited;
      const killed = new Database(project, { readonly: true });
      const row = killed.prepare('SELECT id, status FROM optimizations').get() as { id: number; status: string };
      killed.close();
      expect(row.status).toBe('running');
      const before = target.delivered();
      answerAtMost = Infinity;
      const resumed = await anchorAsync(...common, '--resume', String(row.id));
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout).value.optimization.chosen.prompt).toBe(CAREFUL);
      expect(target.answeredTwice()).toEqual([]);
      expect(target.delivered()).toBe(56);
      expect(before).toBe(10);
    } finally {
      await target.stop();
      await helper.stop();
    }
  }, 300_000);
});
