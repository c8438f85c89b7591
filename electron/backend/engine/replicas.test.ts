import { afterEach, describe, expect, it } from 'vitest';
import { endpointSchema, type EndpointInput } from '@shared/contract';
import { until, withProject } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { defaultRetryPolicy } from './ask';
import { createChatClient } from './client';
import { AdaptiveLimiter } from './limiter';
import { ReplicaPool } from './replicas';

const ctx = withProject();
const servers: FakeOpenAI[] = [];

function startRun(datasetId: number) {
  const state = ctx.backend.state;
  state.runs.retry = { maxAttempts: 3, maxRateLimited: 20, baseDelayMs: 5, maxDelayMs: 40 };
  return state.runs.start({
    datasetId, model: 'pair', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null,
    temperature: null, maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null,
    concurrency: null, failFast: false, batch: false, triplets: 'submitted',
  }, null);
}

/** Every question of the run stored once, and right. */
async function expectAllAnsweredOnce(runId: number, n: number): Promise<void> {
  const run = await ctx.backend.call('runs.get', { id: runId });
  expect(run).toMatchObject({ status: 'done', answered: n, errors: 0 });
  const rows = (await ctx.backend.call('runs.predictions', { runId, limit: 100 })).rows;
  expect(rows).toHaveLength(n);
  expect(new Set(rows.map((r) => r.questionId)).size).toBe(n);
  expect(rows.every((r) => r.outcome === 'correct')).toBe(true);
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

describe('one endpoint, several replicas', () => {
  it('spreads a run over two servers, drains the one stopped mid-run and re-asks its questions on the other: every question answered once', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 24);
    const a = new FakeOpenAI({ reply: goldOf });
    // The second replica holds every request it gets, so the test knows they are in flight when it stops it.
    const b = new FakeOpenAI({ reply: goldOf, fault: () => ({ kind: 'timeout' }) });
    servers.push(a, b);
    const [urlA, urlB] = [await a.start(), await b.start()];
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'pair', baseUrl: urlA, replicas: [urlB], model: 'fake-vl', concurrency: 2, timeoutMs: 600_000 } });
    const started = startRun(datasetId);
    await until(() => b.held() === 2);
    await b.stop();
    await started.done;

    const run = await ctx.backend.call('runs.get', { id: started.runId });
    expect(run).toMatchObject({ status: 'done', answered: 24, errors: 0 });
    const rows = (await ctx.backend.call('runs.predictions', { runId: started.runId, limit: 100 })).rows;
    expect(new Set(rows.map((r) => r.questionId)).size).toBe(24);
    expect(rows.every((r) => r.outcome === 'correct')).toBe(true);
    // Replica b answered nothing; a answered each question exactly once, including the two b was holding.
    expect(b.delivered()).toBe(0);
    expect(a.delivered()).toBe(24);
    expect(a.answeredTwice()).toEqual([]);
    expect(b.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('sends a request a replica refused with 429 to the other at once: the other keeps its slots full and answers everything', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 12);
    // Replica a is over its budget for the next hour; b answers, held until it has both its slots in flight.
    const a = new FakeOpenAI({ reply: goldOf, fault: () => ({ kind: '429', retryAfter: '3600' }) });
    const b = new FakeOpenAI({ reply: goldOf });
    servers.push(a, b);
    const [urlA, urlB] = [await a.start(), await b.start()];
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'pair', baseUrl: urlA, replicas: [urlB], model: 'fake-vl', concurrency: 2 } });
    b.hold();
    const started = startRun(datasetId);
    await until(() => b.waiting() === 2 && a.requests.length >= 2);
    b.release();
    await started.done;

    await expectAllAnsweredOnce(started.runId, 12);
    expect(a.delivered()).toBe(0);
    expect(b.delivered()).toBe(12);
    expect(b.maxInFlight).toBe(2);
    expect(b.answeredTwice()).toEqual([]);
  });

  it('drains a hung replica at its first timeout: its requests are re-asked on the other, and it gets no new ones', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 24);
    const a = new FakeOpenAI({ reply: goldOf });
    // b accepts every request and never answers, for the whole test.
    const b = new FakeOpenAI({ reply: goldOf, fault: () => ({ kind: 'timeout' }) });
    servers.push(a, b);
    const [urlA, urlB] = [await a.start(), await b.start()];
    // b is listed first, so it certainly gets requests before anything is known about it.
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'pair', baseUrl: urlB, replicas: [urlA], model: 'fake-vl', concurrency: 2, timeoutMs: 3000 } });
    const started = startRun(datasetId);
    await started.done;

    await expectAllAnsweredOnce(started.runId, 24);
    expect(a.delivered()).toBe(24);
    expect(a.answeredTwice()).toEqual([]);
    // The two requests b took before its first timeout, and none after: a drained replica is not asked again (until a
    // probe, due long after this run) and the requests that were waiting for its slots went to a.
    expect(b.delivered()).toBe(0);
    expect(b.requests).toHaveLength(2);
  });
});

describe('a replica pool on its own', () => {
  const endpoint = (baseUrl: string, timeoutMs: number) => endpointSchema.parse({ name: 'pool', baseUrl, model: 'fake-vl', concurrency: 2, timeoutMs } satisfies EndpointInput);
  const request = (text: string) => ({ content: [{ type: 'text' as const, text }], temperature: 0, maxTokens: 16, seed: null });

  it('probes a drained replica again once its wait is over, and puts it back in service when it answers', async () => {
    const a = new FakeOpenAI({ reply: () => 'from a' });
    const b = new FakeOpenAI({ reply: () => 'from b', fault: () => ({ kind: 'timeout' }) });
    servers.push(a, b);
    const [urlA, urlB] = [await a.start(), await b.start()];
    let t = 0;
    const limiter = () => new AdaptiveLimiter({ maxConcurrency: 2, rpm: null, tpm: null });
    // b's short timeout only bounds how long its hang takes to show: b never answers while hung, however slow the machine.
    const pool = new ReplicaPool([
      { url: urlB, client: createChatClient(endpoint(urlB, 300), null) },
      { url: urlA, client: createChatClient(endpoint(urlA, 600_000), null) },
    ], limiter, defaultRetryPolicy, { now: () => t, probeAfterMs: 1000 });
    const signal = new AbortController().signal;

    expect((await pool.ask(request('first'), 10, signal)).reply.text).toBe('from a');
    expect(pool.state()[0]!.drained).toMatch(/^timeout/);
    expect((await pool.ask(request('second'), 10, signal)).reply.text).toBe('from a');
    expect(b.requests).toHaveLength(1);

    b.configure({ fault: () => ({ kind: 'ok' }) });
    t += 1000;
    expect((await pool.ask(request('third'), 10, signal)).reply.text).toBe('from b');
    expect(pool.state().map((r) => r.drained)).toEqual([null, null]);
  });
});
