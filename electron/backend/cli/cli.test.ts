import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { backendWithProject, sampleTsvRows, until, writeTsv } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { FakeBatchAPI } from '../../../test/openai-batch-server';
import { KeyTrap } from '../../../test/key-trap';
import { senderRun, storeUrls } from '../../../test/received-run';
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

/** Like anchor(), without blocking this process — needed when this process also hosts the model server. */
function anchorAsync(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return spawnAnchor(process.execPath, [bin, ...args]);
}

/** `anchor` with the file-size limit (`ulimit -f`, 512-byte blocks) a full disk imposes: writes past it fail. */
function anchorOnFullDisk(blocks: number, ...args: string[]) {
  const quoted = [process.execPath, bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  return spawnAnchor('/bin/sh', ['-c', `ulimit -f ${blocks} && exec ${quoted}`]);
}

function spawnAnchor(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: cliEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Answers in the file now, read as another process would while the CLI writes. */
function storedPredictions(project: string): number {
  const db = new Database(project, { readonly: true });
  try {
    return db.prepare<[], number>('SELECT count(*) FROM predictions').pluck().get() ?? 0;
  } finally {
    db.close();
  }
}

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

/** `anchor` under a file-size limit of `blocks` (512 bytes): a disk with that little room left. */
function anchorOnFullDiskSync(blocks: number, ...args: string[]) {
  const quoted = [process.execPath, bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const r = spawnSync('/bin/sh', ['-c', `ulimit -f ${blocks} && exec ${quoted}`], { encoding: 'utf8', env: cliEnv() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The user a project's 0444 mode binds: this one, or — as root, whom file modes do not bind — nobody (65534). */
const reader = process.getuid?.() === 0 ? 65534 : null;

/** `anchor` as the reader, with a data folder of its own. */
function anchorAsReader(data: string, ...args: string[]) {
  const command = reader === null ? [process.execPath, bin, ...args] : ['setpriv', `--reuid=${reader}`, `--regid=${reader}`, '--clear-groups', process.execPath, bin, ...args];
  const r = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', env: { ...cliEnv(), ANCHOR_DATA_DIR: data } });
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

  it('eval --batch killed mid-batch: the rerun polls the same batch (no second upload) and stores every answer once', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'batch.anchor');
    await seedEvalDataset(backend, dir, 8);
    await backend.close();
    const server = new FakeBatchAPI(goldOf);
    const baseUrl = await server.start();
    try {
      expect(anchor('models', 'add', 'hosted', '--base-url', baseUrl, '--model', 'fake-vl', '--price-in', '2', '--price-out', '10', '--json').code).toBe(0);
      const args = ['eval', '--project', project, '--dataset', 'evalset', '--model', 'hosted', '--batch'];
      const child = spawn(process.execPath, [bin, ...args], { env: cliEnv() });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      // The batch is stored before the first poll, so one poll means the process may die without losing it.
      while (server.polls < 1) await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGKILL');
      await exited;
      expect(stderr).toMatch(/8 requests \(0 from cache\), at most \$[\d.]+ as one batch \(50% batch discount applied\)/);

      server.release();
      const resumed = await anchorAsync(...args, '--json');
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout).value).toMatchObject({ resumed: true, status: 'done', units: 8, answered: 8, correct: 8, errors: 0 });
      expect(server.uploads).toHaveLength(1);
      expect(server.created).toHaveLength(1);
      const db = new Database(project, { readonly: true });
      expect(db.prepare('SELECT count(*), count(DISTINCT question_id) FROM predictions').raw().get()).toEqual([8, 8]);
      expect(db.prepare('SELECT count(*) FROM run_batches').pluck().get()).toBe(0);
      db.close();
    } finally {
      await server.stop();
    }
  });

  it('resumes a run killed with SIGKILL, asking only what was not answered and storing each answer once', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'killed.anchor');
    await seedEvalDataset(backend, dir, 60);
    await backend.close();
    // Once 25 answers are out, the server holds every further request, so the kill lands with requests in flight
    // and none in transit: what the server answered, the client has had time to store.
    let hold = false;
    const server = new FakeOpenAI({
      reply: goldOf,
      delayMs: 15,
      fault: () => (hold ? { kind: 'timeout' } : { kind: 'ok' }),
    });
    const baseUrl = await server.start();
    try {
      expect(anchor('models', 'add', 'local', '--base-url', baseUrl, '--model', 'fake-vl', '--concurrency', '4', '--json').code).toBe(0);
      const child = spawn(process.execPath, [bin, 'eval', '--project', project, '--dataset', 'evalset', '--model', 'local', '--json'], { env: cliEnv() });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      while (server.delivered() < 25) await new Promise((r) => setTimeout(r, 5));
      hold = true;
      // Kill once nothing is in transit, however slow the machine: a request is held, no other reply is on its way,
      // and every delivered answer is in the file (a reply delivered but not yet stored is not a finished call).
      const storedNow = () => {
        const db = new Database(project, { readonly: true });
        try {
          return db.prepare('SELECT count(*) FROM predictions').pluck().get() as number;
        } finally {
          db.close();
        }
      };
      while (server.held() === 0 || server.inFlight > 0 || storedNow() !== server.delivered()) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      await exited;

      const db = new Database(project, { readonly: true });
      const stored = db.prepare('SELECT count(*) FROM predictions').pluck().get() as number;
      db.close();
      expect(stored).toBe(server.delivered());
      expect(stored).toBeLessThan(60);

      hold = false;
      const resumed = await anchorAsync('eval', '--project', project, '--dataset', 'evalset', '--model', 'local', '--json');
      expect(resumed.code).toBe(0);
      const value = JSON.parse(resumed.stdout).value;
      expect(value).toMatchObject({ resumed: true, status: 'done', units: 60, answered: 60, correct: 60, errors: 0 });
      expect(server.answeredTwice()).toEqual([]);
      expect(server.delivered()).toBe(60);
      const after = new Database(project, { readonly: true });
      expect(after.prepare('SELECT count(*) FROM runs').pluck().get()).toBe(1);
      expect(after.prepare('SELECT count(*), count(DISTINCT question_id) FROM predictions').raw().get()).toEqual([60, 60]);
      after.close();
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('two processes started together on one run: one asks every question once, the other refuses naming it', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'twice.anchor');
    await seedEvalDataset(backend, dir, 40);
    await backend.close();
    // Replies wait until one process has ended (or a question was asked twice), so both are alive together.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = new FakeOpenAI({ reply: goldOf, gate: () => gate });
    const baseUrl = await server.start();
    try {
      expect(anchor('models', 'add', 'twice', '--base-url', baseUrl, '--model', 'fake-vl', '--concurrency', '4', '--json').code).toBe(0);
      const args = ['eval', '--project', project, '--dataset', 'evalset', '--model', 'twice', '--json'];
      const a = anchorAsync(...args);
      const b = anchorAsync(...args);
      const watch = setInterval(() => new Set(server.requests.map((r) => r.key)).size < server.requests.length && release(), 20);
      const first = await Promise.race([a, b]);
      release();
      clearInterval(watch);
      const [ra, rb] = await Promise.all([a, b]);
      const refused = [ra, rb].find((r) => r.code === 1)!;
      const ran = [ra, rb].find((r) => r.code === 0)!;
      expect(first).toBe(refused);
      expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/^run 1 is running in process \d+ on .+ since 20/) } });
      expect(JSON.parse(ran.stdout).value).toMatchObject({ status: 'done', answered: 40, units: 40 });
      expect(server.requests).toHaveLength(40);
      expect(server.answeredTwice()).toEqual([]);
      const db = new Database(project, { readonly: true });
      expect(db.prepare('SELECT count(*) FROM runs').pluck().get()).toBe(1);
      expect(db.prepare('SELECT count(*) FROM run_leases').pluck().get()).toBe(0);
      db.close();
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('a disk that fills during a run ends it failed: ok:false with disk_full, exit 1, and the project reopens with every answer', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'full.anchor');
    await seedEvalDataset(backend, dir, 200);
    await backend.close();
    const server = new FakeOpenAI({ reply: goldOf });
    const baseUrl = await server.start();
    try {
      expect(anchor('models', 'add', 'full', '--base-url', baseUrl, '--model', 'fake-vl', '--concurrency', '2', '--json').code).toBe(0);
      // The project's write-ahead log may grow to 240 KB: room for the run and a few answers, not for 200.
      const r = await anchorOnFullDisk(480, 'eval', '--project', project, '--dataset', 'evalset', '--model', 'full', '--json');
      expect(r.code).toBe(1);
      const printed = JSON.parse(r.stdout);
      expect(printed).toMatchObject({ ok: false, error: { code: 'disk_full', message: expect.stringContaining('free space') } });
      const db = new Database(project);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = db.prepare("SELECT count(*) FROM predictions WHERE status = 'answered'").pluck().get() as number;
      expect(db.prepare("SELECT count(*) FROM predictions WHERE status = 'error'").pluck().get()).toBe(0);
      // Its end is recorded the moment it stops: in its row, or — the file refusing to grow — in the run's reserve beside it.
      const ended = db.prepare('SELECT status FROM runs WHERE id = 1').pluck().get();
      const reserve = `${project}-run-1.end`;
      expect(ended === 'failed' || JSON.parse(readFileSync(reserve, 'utf8')).status === 'failed').toBe(true);
      db.close();
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(200);
      expect(stored).toBeGreaterThanOrEqual(server.delivered() - 2); // at most the two in flight when the disk filled
      // The count in the message is the file's, and the run is settled: failed with the reason, not left "running".
      expect(printed.error.message).toMatch(new RegExp(`^run 1 failed after ${stored} answers: could not write`));
      const shown = JSON.parse((await anchorAsync('runs', 'show', '1', '--project', project, '--json')).stdout).value;
      expect(shown).toMatchObject({ status: 'failed', answered: stored, error: expect.stringContaining('the disk is full') });
      expect(readdirSync(dirname(project)).filter((f) => f.startsWith('full.anchor-run'))).toEqual([]);
      const resumed = await anchorAsync('eval', '--project', project, '--dataset', 'evalset', '--model', 'full', '--json');
      expect(JSON.parse(resumed.stdout).value).toMatchObject({ resumed: true, status: 'done', answered: 200 });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('opening a project on a full disk says disk_full, not damaged, and changes nothing', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'opened-full.anchor');
    await seedEvalDataset(backend, dir, 3);
    await backend.close();
    const before = readFileSync(project);
    // 16 blocks: not even room for the 32 KB shared-memory file SQLite makes before its first read.
    const r = anchorOnFullDiskSync(16, 'info', '--project', project, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: 'disk_full', message: expect.stringMatching(/free space, then open it again — the project was not changed/) } });
    expect(readFileSync(project).equals(before)).toBe(true);
    expect(JSON.parse(anchor('info', '--project', project, '--json').stdout)).toMatchObject({ ok: true });
  });

  it('a read-only project can be read any number of times, leaves nothing beside it, and works again once writable', async () => {
    const folder = join(dir, 'shared-ro');
    mkdirSync(folder);
    const { backend, path: project } = await backendWithProject(folder, 'ro.anchor');
    await seedEvalDataset(backend, folder, 3);
    await backend.close();
    rmSync(join(folder, 'data'), { recursive: true });
    // The folder is the reader's to write: only the file's own mode says read-only, as in the report.
    chmodSync(dir, 0o755);
    chmodSync(folder, 0o777);
    if (reader !== null) chownSync(project, reader, reader);
    chmodSync(project, 0o444);
    const data = join(folder, 'reader-data');
    const files = () => readdirSync(folder).filter((f) => f.startsWith('ro.anchor')).sort();
    for (let i = 0; i < 3; i++) {
      const info = anchorAsReader(data, 'info', '--project', project, '--json');
      expect(JSON.parse(info.stdout)).toMatchObject({ ok: true, value: { datasets: [{ name: 'evalset', questionCount: 3 }] } });
      expect(files()).toEqual(['ro.anchor']);
    }
    const tsv = join(folder, 'more.tsv');
    writeTsv(tsv, sampleTsvRows(2));
    const refused = anchorAsReader(data, 'import', tsv, '--project', project, '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, error: { code: 'read_only' } });
    expect(files()).toEqual(['ro.anchor']);

    // An older build left 0444 shared files of the reader's behind; writable again, the project works for reads and writes.
    writeFileSync(`${project}-wal`, '', { mode: 0o444 });
    writeFileSync(`${project}-shm`, Buffer.alloc(32768), { mode: 0o444 });
    if (reader !== null) for (const f of ['-wal', '-shm']) chownSync(`${project}${f}`, reader, reader);
    chmodSync(project, 0o644);
    expect(JSON.parse(anchorAsReader(data, 'info', '--project', project, '--json').stdout)).toMatchObject({ ok: true });
    expect(JSON.parse(anchorAsReader(data, 'import', tsv, '--project', project, '--json').stdout)).toMatchObject({ ok: true, value: { items: 2 } });
  });

  it('runs resume on a received project: refused while the run recorded the sender\'s URL, then sends the key only to the owner\'s server', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'received.anchor');
    const datasetId = await seedEvalDataset(backend, dir, 4);
    const trap = new KeyTrap();
    const owner = new FakeOpenAI({ reply: goldOf });
    const [senderUrl, ownerUrl] = [await trap.start(), await owner.start()];
    const id = senderRun(backend, dir, [{ name: 'sent-gpt', baseUrl: senderUrl, model: 'fake-vl' }], { datasetId, model: 'sent-gpt' });
    storeUrls(backend, id, 'endpoint', senderUrl);
    await backend.close();
    process.env.ANCHOR_TEST_CLI_KEY = 'sk-owner-cli-29';
    try {
      expect(anchor('models', 'add', 'sent-gpt', '--base-url', ownerUrl, '--model', 'fake-vl', '--api-key-env', 'ANCHOR_TEST_CLI_KEY', '--json').code).toBe(0);
      const refused = await anchorAsync('runs', 'resume', String(id), '--project', project, '--json');
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, error: { code: 'endpoint_changed', message: expect.stringContaining('endpoint "sent-gpt": its URLs differ') } });
      expect(trap.requests).toEqual([]);
      const resumed = await anchorAsync('runs', 'resume', String(id), '--project', project, '--accept-endpoint-change', '--json');
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout).value).toMatchObject({ status: 'done', answered: 4, correct: 4 });
      expect(trap.requests).toEqual([]);
      expect(owner.requests.map((r) => r.authorization)).toEqual(Array(4).fill('Bearer sk-owner-cli-29'));
    } finally {
      delete process.env.ANCHOR_TEST_CLI_KEY;
      await Promise.all([trap.stop(), owner.stop()]);
    }
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
    await backend.call('scenes.save', { itemId: items[0]!.id, version: 0, scene: sceneFor(items[0]!) });
    await backend.call('scenes.save', { itemId: items[1]!.id, version: 0, scene: sceneFor(items[1]!, undefined, { content: '' }) });
    await backend.close();

    const plan = JSON.parse(anchor('variants', '--project', project, '--dataset', 'pictures', '--levels', 'none,partial', '--plan', '--json').stdout);
    expect(plan.value).toMatchObject({ originals: 2, perOriginal: 5, variants: 10, target: 'pictures-vrp' });
    expect(plan.value.skipped).toEqual([{ itemId: items[2]!.id, extId: '2', reason: 'no scene drawn' }]);
    const other = await backendWithProject(dir, 'vrp-shapes.anchor');
    const [one] = await seedPictures(other.backend, dir, 1, undefined, 'shapes');
    await other.backend.call('scenes.save', { itemId: one!.id, version: 0, scene: sceneFor(one!) });
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
      const lexical = await anchorAsync('optimize', '--project', project, '--dataset', 'evalset', '--model', 'tp-target', '--optimizer', 'tp-helper', '--dry-run');
      expect(lexical.stdout).toMatch(/optimised: the whole task prompt, with the question template "Question \{slot1\}: which shape is marked\?"/);
      expect(lexical.stdout).toMatch(/warning: Similarity is lexical \(shared words\), not the paper's sentence embeddings/);
      expect(target.delivered()).toBe(0);
      const run = await anchorAsync(...common, '--evaluate', '--json');
      expect(run.code).toBe(0);
      const value = JSON.parse(run.stdout).value;
      expect(value.optimization).toMatchObject({ status: 'done', round: 2, similarity: 'embeddings' });
      expect(value.optimization.chosen.prompt).toBe(CAREFUL);
      expect(value.evaluation).toMatchObject({ task: 'evalset', original: 0, customised: 1 });
      const human = await anchorAsync(...common, '--task', 'odd', '--zero-shot');
      expect(human.stdout).toMatch(/optimisation \d+ \(tp-target · odd\): done, 1 of 1 rounds/);
    } finally {
      await target.stop();
      await helper.stop();
    }
  }, 300_000);

  it('resumes an optimisation killed with SIGKILL without asking any stored answer again', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'optimize-killed.anchor');
    await seedEvalDataset(backend, dir, 16);
    await backend.close();
    // Once p0's answers and a few of round 1 are out, the target holds every further request: the kill lands with
    // requests in flight and none in transit.
    let hold = false;
    const target = new FakeOpenAI({ reply: targetReply, fault: () => (hold ? { kind: 'timeout' } : { kind: 'ok' }) });
    const helper = new FakeOpenAI({ reply: helperReply, embed: embedding });
    const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
    try {
      expect(anchor('models', 'add', 'k-target', '--base-url', targetUrl, '--model', 'vl-7b').code).toBe(0);
      expect(anchor('models', 'add', 'k-helper', '--base-url', helperUrl, '--model', 'helper').code).toBe(0);
      const common = ['optimize', '--project', project, '--dataset', 'evalset', '--model', 'k-target', '--optimizer', 'k-helper', '--embeddings', 'k-helper', '--rounds', '2', '--json'];
      const child = spawn(process.execPath, [bin, ...common], { env: cliEnv() });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      while (target.delivered() < 10) await new Promise((r) => setTimeout(r, 5));
      hold = true;
      // As in the eval kill above: kill once a request is held, none is in transit and every delivered reply is stored.
      await until(() => target.held() > 0 && target.inFlight === 0 && storedPredictions(project) === target.delivered());
      child.kill('SIGKILL');
      await exited;
      const killed = new Database(project, { readonly: true });
      const row = killed.prepare('SELECT id, status FROM optimizations').get() as { id: number; status: string };
      killed.close();
      expect(row.status).toBe('running');
      const before = target.delivered();
      hold = false;
      const resumed = await anchorAsync(...common, '--resume', String(row.id));
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout).value.optimization.chosen.prompt).toBe(CAREFUL);
      expect(target.answeredTwice()).toEqual([]);
      expect(target.delivered()).toBe(56);
      expect(before).toBeGreaterThanOrEqual(10);
    } finally {
      await target.stop();
      await helper.stop();
    }
  }, 300_000);
});
