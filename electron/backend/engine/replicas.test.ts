import { afterEach, describe, expect, it } from 'vitest';
import { until, withProject } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';

const ctx = withProject();
const servers: FakeOpenAI[] = [];

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
    const state = ctx.backend.state;
    state.runs.retry = { maxAttempts: 3, maxRateLimited: 20, baseDelayMs: 5, maxDelayMs: 40 };
    const started = state.runs.start({
      datasetId, model: 'pair', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null,
      temperature: null, maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null,
      concurrency: null, failFast: false, batch: false, triplets: 'submitted',
    }, null);
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
});
