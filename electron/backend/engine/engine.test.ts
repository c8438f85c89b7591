import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { until, withProject } from '../../../test/fixtures';
import { goldOf, questionNumber, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI, type Fault, type ServerOptions } from '../../../test/openai-server';
import { labelOptions } from '../../../shared/domain/options';
import { choiceExtractorPrompt } from '../../../shared/prompts/choice-extractor';

const ctx = withProject();
let server: FakeOpenAI;
let baseUrl: string;

async function useServer(options: ServerOptions) {
  server = new FakeOpenAI({ reply: goldOf, ...options });
  baseUrl = await server.start();
}

// The endpoint's timeout is long so an ordinary reply on a slow machine never times out; a request the server holds
// (the `timeout` fault) is abandoned by the test instead, so no test depends on how fast the machine is.
async function addEndpoint(extra: Record<string, unknown> = {}) {
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vl', concurrency: 4, timeoutMs: 600_000, ...extra } });
}

/** Starts a run and waits for its job to end (however it ends). */
async function run(datasetId: number, extra: Record<string, unknown> = {}) {
  const state = ctx.backend.state;
  state.runs.retry = { maxAttempts: 3, maxRateLimited: 20, baseDelayMs: 5, maxDelayMs: 40 };
  const started = state.runs.start({
    datasetId, model: 'fake', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null,
    temperature: null, maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null,
    concurrency: null, failFast: false, batch: false, triplets: 'submitted', ...extra,
  }, null);
  await started.done?.catch(() => undefined);
  return started.runId;
}

async function allPredictions(runId: number) {
  return (await ctx.backend.call('runs.predictions', { runId, limit: 1000 })).rows;
}

// MMBench's choice-extractor prompt opens with this sentence (shared/prompts/choice-extractor.ts).
const asksJudge = (prompt: string) => prompt.startsWith('You are an AI assistant who will help me to match an answer');
const UNREADABLE = 'Well, it could be several of them.';

afterEach(async () => {
  await server?.stop();
});

describe('engine against a real OpenAI-compatible server', () => {
  it('ends every question answered or failed with its reason, through 429s, 500s, timeouts, resets and broken bodies', async () => {
    const faults: Record<number, (attempt: number) => Fault> = {
      1: (a) => (a === 1 ? { kind: '429', retryAfter: '0.03' } : { kind: 'ok' }),
      2: (a) => (a <= 2 ? { kind: '500' } : { kind: 'ok' }),
      3: (a) => (a === 1 ? { kind: 'timeout' } : { kind: 'ok' }),
      4: (a) => (a === 1 ? { kind: 'reset' } : { kind: 'ok' }),
      5: (a) => (a === 1 ? { kind: 'malformed' } : { kind: 'ok' }),
      6: (a) => (a === 1 ? { kind: 'empty' } : { kind: 'ok' }),
      7: () => ({ kind: '500' }),
    };
    await useServer({ fault: (prompt, attempt) => faults[questionNumber(prompt) % 8]?.(attempt) ?? { kind: 'ok' } });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 40);
    const held = Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 8 === 3).length;
    let abandoned = 0;
    const abandoning = until(() => (abandoned += server.abandonHeld()) >= held);
    const runId = await run(datasetId);
    await abandoning;

    const summary = await ctx.backend.call('runs.get', { id: runId });
    expect(summary).toMatchObject({ status: 'done', units: 40, answered: 35, errors: 5, correct: 35 });
    const rows = await allPredictions(runId);
    expect(rows.filter((r) => r.outcome === 'pending')).toEqual([]);
    for (const r of rows.filter((r) => r.outcome === 'error')) {
      expect(questionNumber(r.questionText) % 8).toBe(7);
      expect(r.error).toMatch(/^server: 500/);
    }
    expect(server.answeredTwice()).toEqual([]);
    const db = ctx.backend.state.requireProject().db;
    expect(db.prepare('SELECT count(*) FROM predictions WHERE run_id = ?').pluck().get(runId)).toBe(40);
    // Every fault was really met: the server saw each kind.
    expect(new Set(server.requests.map((r) => r.fault))).toEqual(new Set(['ok', '429', '500', 'timeout', 'reset', 'malformed', 'empty']));
  });

  it('serves a second identical run from the cache without one request reaching the server', async () => {
    await useServer({});
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 12);
    const first = await run(datasetId);
    expect(server.requests).toHaveLength(12);
    const plan = await ctx.backend.call('runs.plan', { datasetId, model: 'fake', roles: ['origin'] });
    expect(plan).toMatchObject({ requests: 12, fromCache: 12, toAsk: 0 });
    const second = await run(datasetId);
    expect(second).not.toBe(first);
    expect(server.requests).toHaveLength(12);
    const rows = await allPredictions(second);
    expect(rows.every((r) => r.cached && r.outcome === 'correct')).toBe(true);
  });

  it('never caches at temperature > 0 without a seed', async () => {
    await useServer({});
    await addEndpoint({ temperature: 0.7 });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    await run(datasetId);
    await run(datasetId);
    expect(server.requests).toHaveLength(6);
  });

  it('retry errors re-asks only failed questions and replaces their error rows', async () => {
    let healthy = false;
    await useServer({ fault: (prompt) => (!healthy && questionNumber(prompt) % 5 === 0 ? { kind: '500' } : { kind: 'ok' }) });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 10);
    const runId = await run(datasetId);
    const before = await allPredictions(runId);
    expect(before.filter((r) => r.outcome === 'error').map((r) => questionNumber(r.questionText))).toEqual([0, 5]);
    const asked = server.requests.length;

    healthy = true;
    const retried = ctx.backend.state.runs.resume(runId, 'errors');
    await retried.done;
    expect(server.requests.slice(asked).map((r) => questionNumber(r.prompt)).sort()).toEqual([0, 5]);
    const after = await allPredictions(runId);
    expect(after.every((r) => r.outcome === 'correct')).toBe(true);
    // Same rows, now answered: the ids of the retried predictions did not change.
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const detail = await ctx.backend.call('runs.prediction', { id: after[0]!.id! });
    expect(detail.attempts).toBe(4);
  });

  it('says how a run ended: finished with N errors when some requests failed, failed with the reason when all did', async () => {
    let failing: (n: number) => boolean = (n) => n % 5 === 0;
    await useServer({ fault: (prompt) => (failing(questionNumber(prompt)) ? { kind: '500' } : { kind: 'ok' }) });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 10);
    const some = await ctx.backend.call('runs.get', { id: await run(datasetId) });
    expect(some).toMatchObject({ status: 'done', ending: 'done_with_errors', errors: 2, answered: 8, error: null });

    failing = () => true;
    const none = await ctx.backend.call('runs.get', { id: await run(datasetId, { limit: 4, seed: 1 }) });
    expect(none).toMatchObject({ status: 'failed', ending: 'failed', errors: 4, answered: 0 });
    expect(none.error).toMatch(/^every request failed \(4\); the first said: .*500/);
    // Nothing failed: a plain finish.
    failing = () => false;
    expect(await ctx.backend.call('runs.get', { id: await run(datasetId, { limit: 3, seed: 2 }) })).toMatchObject({ status: 'done', ending: 'done', errors: 0 });
  });

  it('stops at a refused key, says why, and asks nothing more', async () => {
    await useServer({ fault: () => ({ kind: '401' }) });
    await addEndpoint({ concurrency: 1 });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const runId = await run(datasetId);
    const summary = await ctx.backend.call('runs.get', { id: runId });
    expect(summary.status).toBe('failed');
    expect(summary.error).toMatch(/refused the key/);
    expect(server.requests).toHaveLength(1);
  });

  it('halves concurrency on 429 and never exceeds the endpoint limit', async () => {
    let limited = 0;
    await useServer({ delayMs: 20, fault: () => (limited++ < 3 ? { kind: '429', retryAfter: '0.05' } : { kind: 'ok' }) });
    await addEndpoint({ concurrency: 6 });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 30);
    const runId = await run(datasetId);
    expect((await ctx.backend.call('runs.get', { id: runId })).answered).toBe(30);
    expect(server.maxInFlight).toBeLessThanOrEqual(6);
    expect(server.requests.filter((r) => r.fault === '429')).toHaveLength(3);
  });

  it('pauses with nothing lost, then resumes asking only what is left', async () => {
    await useServer({});
    await addEndpoint({ concurrency: 2 });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 20);
    const state = ctx.backend.state;
    // Replies are held, so the pause lands after exactly the first two answers whatever the machine's speed.
    server.hold();
    const started = state.runs.start({
      datasetId, model: 'fake', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
      maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
    }, null);
    await until(() => server.waiting() === 2);
    server.releaseWaiting();
    await until(() => server.delivered() === 2 && server.waiting() === 2);
    // A pause lets requests in flight finish, so the two held ones are let go once it is asked for; their replies
    // are I/O, which the dispatch's microtasks (up to the abort) always run before.
    const pausing = ctx.backend.call('runs.pause', { id: started.runId });
    server.release();
    const paused = await pausing;
    expect(paused.status).toBe('paused');
    expect(paused.answered).toBeGreaterThan(0);
    expect(paused.answered).toBeLessThan(20);
    const resumed = state.runs.resume(started.runId);
    await resumed.done;
    expect((await ctx.backend.call('runs.get', { id: started.runId })).answered).toBe(20);
    expect(server.answeredTwice()).toEqual([]);
    expect(server.requests).toHaveLength(20);
  });

  it('asks the judge only when the rules fail, keeping its prompts and replies', async () => {
    await useServer({
      reply: (prompt) => {
        if (asksJudge(prompt)) return goldOf(prompt);
        return questionNumber(prompt) % 2 ? 'Well, it could be several of them.' : goldOf(prompt);
      },
    });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const runId = await run(datasetId, { judge: 'fake' });
    const rows = await allPredictions(runId);
    expect(rows.map((r) => r.extraction)).toEqual(['exact', 'judge', 'exact', 'judge', 'exact', 'judge']);
    expect(rows.every((r) => r.outcome === 'correct')).toBe(true);
    const detail = await ctx.backend.call('runs.prediction', { id: rows[1]!.id! });
    expect(detail.judge).toHaveLength(1);
    expect(detail.judge[0]!.prompt).toContain('Well, it could be several of them.');
    expect(detail.judge[0]!.reply).toBe('B');
  });

  it('records failed (never a guess) when rules fail and there is no judge', async () => {
    await useServer({ reply: () => 'Maybe the first or the second one.' });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const runId = await run(datasetId);
    const rows = await allPredictions(runId);
    expect(rows.map((r) => [r.extraction, r.extracted, r.outcome])).toEqual(Array(3).fill(['failed', null, 'failed']));
  });

  it('asks k rotated passes under CircularEval and scores each against its moved answer', async () => {
    const texts = ['circle', 'square', 'triangle', 'star'];
    await useServer({
      reply: (prompt) => {
        const right = texts['ABCD'.indexOf(goldOf(prompt))]!;
        return [...prompt.matchAll(/([A-D])\. (\w+)/g)].find((m) => m[2] === right)![1]!;
      },
    });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const runId = await run(datasetId, { circular: true });
    const rows = await allPredictions(runId);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.pass)).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    expect(rows.every((r) => r.outcome === 'correct')).toBe(true);
    expect(new Set(server.requests.map((r) => r.prompt)).size).toBe(12);
  });

  it('asks six four-option questions whose options merely mention a capital letter four times each (24 requests)', async () => {
    // VLMEvalKit keeps a question single only for an option naming two labels or made of capitals; "Vitamin C" is neither.
    const texts = ['Vitamin C', 'Point A', 'Plan B is better', 'Grade D'];
    await useServer({
      reply: (prompt) => {
        const right = texts['ABCD'.indexOf(goldOf(prompt))]!;
        return [...prompt.matchAll(/^([A-D])\. (.+)$/gm)].find((m) => m[2] === right)![1]!;
      },
    });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6, 'letters', texts);
    const runId = await run(datasetId, { circular: true });
    expect(server.requests).toHaveLength(24);
    const rows = await allPredictions(runId);
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.outcome === 'correct')).toBe(true);
  });

  it('sends the key from the environment and never writes it into the project file', async () => {
    await useServer({});
    const backend = ctx.backend;
    const key = 'sk-test-0123456789abcdef';
    process.env.ANCHOR_TEST_KEY = key;
    try {
      await addEndpoint({ apiKeyEnv: 'ANCHOR_TEST_KEY' });
      expect((await backend.call('endpoints.list'))[0]!.keySource).toBe('env');
      const datasetId = await seedEvalDataset(backend, ctx.dir, 2);
      await run(datasetId);
      expect(server.requests.every((r) => r.authorization === `Bearer ${key}`)).toBe(true);
      await backend.close();
      ctx.backend = await (await import('../index')).createBackendInternals({ dataDir: `${ctx.dir}/data` });
      expect(readFileSync(ctx.project).includes(key)).toBe(false);
    } finally {
      delete process.env.ANCHOR_TEST_KEY;
    }
  });

  it('sends images only to vision endpoints and only when the run includes them', async () => {
    await useServer({});
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    await run(datasetId);
    await run(datasetId, { images: false });
    expect(server.requests.map((r) => r.images)).toEqual([1, 1, 0, 0]);
  });
});

describe('the judge as MMBench specifies it', () => {
  /** A run whose every reply the rules cannot read, judged by a judge that replies `judged(question, try)`. */
  async function judgedRun(judged: (question: number, attempt: number) => string) {
    const tries = new Map<number, number>();
    await useServer({
      reply: (prompt) => {
        if (!asksJudge(prompt)) return UNREADABLE;
        const q = questionNumber(prompt);
        tries.set(q, (tries.get(q) ?? 0) + 1);
        return judged(q, tries.get(q)!);
      },
    });
    await addEndpoint();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const runId = await run(datasetId, { judge: 'fake' });
    return { rows: await allPredictions(runId), judgeRequests: server.requests.filter((r) => asksJudge(r.prompt)) };
  }

  it('asks MMBench\'s prompt three times, then records no choice, with every call stored', async () => {
    const { rows, judgeRequests } = await judgedRun(() => 'I would rather not say.');
    expect(rows.map((r) => [r.extraction, r.extracted, r.outcome])).toEqual(Array(2).fill(['failed', null, 'failed']));
    expect(judgeRequests).toHaveLength(6);
    for (const [i, row] of rows.entries()) {
      const expected = choiceExtractorPrompt(`Question ${i}: which shape is marked?`, labelOptions(['circle', 'square', 'triangle', 'star']), UNREADABLE);
      expect(judgeRequests.filter((r) => questionNumber(r.prompt) === i).map((r) => [r.prompt, r.body.temperature])).toEqual(Array(3).fill([expected, 0]));
      const detail = await ctx.backend.call('runs.prediction', { id: row.id! });
      expect(detail.judge).toEqual(Array(3).fill({ prompt: expected, reply: 'I would rather not say.', error: null }));
    }
  });

  it('stops at the first reply that names an option, or Z for none of them', async () => {
    const { rows, judgeRequests } = await judgedRun((q, attempt) => (q === 0 ? 'Z' : attempt < 3 ? 'Hmm.' : 'B'));
    expect(rows.map((r) => [r.extraction, r.extracted, r.outcome])).toEqual([['failed', null, 'failed'], ['judge', 'B', 'correct']]);
    expect(judgeRequests.map((r) => questionNumber(r.prompt)).sort()).toEqual([0, 1, 1, 1]);
    const detail = await ctx.backend.call('runs.prediction', { id: rows[1]!.id! });
    expect(detail.judge.map((t) => t.reply)).toEqual(['Hmm.', 'Hmm.', 'B']);
  });
});
