import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { backendWithProject, sampleTsvRows, until, writeTsv } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { FakeBatchAPI } from '../../../test/openai-batch-server';
import { KeyTrap } from '../../../test/key-trap';
import { senderRun, storeUrls } from '../../../test/received-run';
import { bin, withBuiltCli } from '../../../test/built-cli';

// `anchor eval` and `anchor runs` as users run them, when things go wrong: a kill mid-run or mid-batch, two runners at
// once, a disk that fills, a read-only file, a project received from someone else (issues 29 and 32).
const cli = withBuiltCli();
let dir: string;
beforeAll(() => (dir = cli.dir()));
const cliEnv = cli.env;
const anchor = cli.anchor;
const anchorAsync = cli.anchorAsync;

/** `anchor` with the file-size limit (`ulimit -f`, 512-byte blocks) a full disk imposes: writes past it fail. */
function anchorOnFullDisk(blocks: number, ...args: string[]) {
  const quoted = [process.execPath, bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  return cli.spawnAnchor('/bin/sh', ['-c', `ulimit -f ${blocks} && exec ${quoted}`]);
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

describe('anchor eval and runs when a run is killed, raced, out of disk or read-only, or received', () => {
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
      await until(() => server.polls >= 1);
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
    // The server answers the first 25 requests and holds every further one, so the kill lands with requests in flight
    // and none in transit however fast the machine: what the server answered, the client has had time to store.
    let answered = 0;
    let answerAtMost = 25;
    const server = new FakeOpenAI({ reply: goldOf, fault: () => (++answered > answerAtMost ? { kind: 'timeout' } : { kind: 'ok' }) });
    const baseUrl = await server.start();
    try {
      expect(anchor('models', 'add', 'local', '--base-url', baseUrl, '--model', 'fake-vl', '--concurrency', '4', '--json').code).toBe(0);
      const child = spawn(process.execPath, [bin, 'eval', '--project', project, '--dataset', 'evalset', '--model', 'local', '--json'], { env: cliEnv() });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
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
      await until(() => server.held() > 0 && server.inFlight === 0 && storedNow() === server.delivered(), 20);
      child.kill('SIGKILL');
      await exited;

      const db = new Database(project, { readonly: true });
      const stored = db.prepare('SELECT count(*) FROM predictions').pluck().get() as number;
      db.close();
      expect(stored).toBe(server.delivered());
      expect(stored).toBe(25);

      answerAtMost = Infinity;
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
      // A question asked twice would be the bug: let everything through at once so the assertions below show it.
      let settled = false;
      void until(() => settled || new Set(server.requests.map((r) => r.key)).size < server.requests.length, 20).then(release);
      const first = await Promise.race([a, b]);
      settled = true;
      release();
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
});
