import { describe, expect, it } from 'vitest';
import { raw, withTeamServer } from '../../../test/http-fixtures';

const t = withTeamServer();
const QUESTIONS = 2048;

interface Reply<T> { ok: boolean; value: T; error?: { code: string; message: string } }
interface JobRow { id: string; kind: string; status: string; done: number; total: number | null }
const value = <T>(r: { text: string }) => (JSON.parse(r.text) as Reply<T>).value;

async function upload(cookie: string, name: string, content: string): Promise<string> {
  const r = await raw(`${t.server.url}api/upload?name=${name}`, { method: 'POST', headers: { cookie, 'content-type': 'application/octet-stream' }, body: content });
  expect(r.status).toBe(200);
  return value<{ path: string }>(r).path;
}

// Replies that took seconds each to read before issue 29: the same phrase over and over, a run of digits, lines of
// one letter, quotes with a word at each end; at 100 KB (past the reading cap) and just under the cap.
const rep = (phrase: string, size: number) => phrase.repeat(Math.ceil(size / phrase.length)).slice(0, size);
const hostile = [100_000, 15_900].flatMap((size) => [
  `${rep('answer is ', size)}.x`, rep('A\n', size), `x${rep('"', size)}x`, `${rep('1', size)}`, rep('answer: ', size), rep('1.', size),
]);

/** A dataset of plain questions (options red/green/blue/black, gold cycling A–D) and the file of replies to them. */
async function seed(lea: string, name = 'plain'): Promise<{ datasetId: number; predictions: string; hostileIds: string[] }> {
  const lines = Array.from({ length: QUESTIONS }, (_, i) => JSON.stringify({ id: `q${i}`, question: `Question ${i}?`, options: ['red', 'green', 'blue', 'black'], answer: 'ABCD'[i % 4] }));
  const dataset = await upload(lea, 'plain.jsonl', `${lines.join('\n')}\n`);
  const imported = await t.post('api/imports.run', { files: [dataset], dataset: name, format: 'jsonl' }, lea);
  const replies: Record<string, string> = {};
  const hostileIds: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const h = i % 170 === 7 ? hostile[hostileIds.length] : undefined;
    if (h !== undefined) hostileIds.push(`q${i}`);
    replies[`q${i}`] = h ?? `The answer is ${'ABCD'[i % 4]}.`;
  }
  return { datasetId: value<{ datasetId: number }>(imported).datasetId, predictions: await upload(lea, 'hostile.json', JSON.stringify(replies)), hostileIds };
}

describe('a prediction file of hostile replies (issue 29)', () => {
  it('is read in linear time off the HTTP thread: another user is served while the import is still running', async () => {
    const lea = t.cookie('lea');
    const ann = t.cookie('ann');
    const { datasetId, predictions, hostileIds } = await seed(lea);
    expect(hostileIds.length).toBe(hostile.length);

    let settled = false;
    const importing = t.post('api/runs.importPredictions', { datasetId, path: predictions, format: 'mmmu', model: 'hostile' }, lea).finally(() => {
      settled = true;
    });
    // Another user's requests, one after another, until one shows the import part-way: a request served mid-import.
    let seen: JobRow | undefined;
    while (!settled && !seen) {
      const jobs = value<JobRow[]>(await t.post('api/jobs.list', {}, ann));
      seen = jobs.find((j) => j.kind === 'import-predictions' && j.status === 'running' && j.done > 0);
    }
    expect(seen, 'the import held the server until it ended: no request was answered while it ran').toBeDefined();
    const listed = await t.post('api/datasets.list', {}, ann);
    expect(listed.status).toBe(200);
    expect(value<{ name: string }[]>(listed).map((d) => d.name)).toContain('plain');
    const after = value<JobRow>(await t.post('api/jobs.get', { id: seen!.id }, ann));
    expect(after.status).toBe('running');
    expect(after.done).toBeLessThan(after.total!);

    const result = await importing;
    const imported = value<{ runId: number; predictions: number; correct: number }>(result);
    expect(imported.predictions).toBe(QUESTIONS);
    // Every plain reply is read right; a hostile one may at most be read as what it repeats ("A", over and over).
    expect(imported.correct).toBeGreaterThanOrEqual(QUESTIONS - hostile.length);
    const failed = value<{ rows: unknown[] }>(
      await t.post('api/runs.predictions', { runId: imported.runId, extraction: 'failed', limit: 100 }, lea)).rows;
    // Past the cap nothing is read (DECISIONS 110): those replies go to a judge, or stay unread without one.
    expect(failed.length).toBeGreaterThanOrEqual(hostile.length / 2);
    expect(value<JobRow>(await t.post('api/jobs.get', { id: seen!.id }, ann)).status).toBe('done');
  });

  it('yields to other callers at least every 64 rows while it reads the file, matches its rows and reads the replies', async () => {
    const lea = t.cookie('lea');
    const { datasetId, predictions } = await seed(lea, 'turns');
    // Turns of the event loop while the import runs, counted by a chain of setImmediate in this process, which hosts
    // the server: each time the import lets other callers in, one more turn. A slice ends after 64 rows whatever the
    // machine's speed (jobs/slices.ts), so three row-by-row steps over 2,048 rows give at least 3 × 32 turns; before
    // issue 29's last change the file's entries and the matching ran in one piece each (about 40 turns in all).
    let turns = 0;
    let settled = false;
    const tick = () => {
      turns++;
      if (!settled) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await t.post('api/runs.importPredictions', { datasetId, path: predictions, format: 'mmmu', model: 'turns' }, lea).finally(() => {
      settled = true;
    });
    expect(value<{ predictions: number }>(result).predictions).toBe(QUESTIONS);
    expect(turns).toBeGreaterThanOrEqual(3 * (QUESTIONS / 64));
  });
});
