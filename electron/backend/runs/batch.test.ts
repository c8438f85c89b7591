import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackendInternals } from '..';
import { until, withProject } from '../../../test/fixtures';
import { goldOf, questionNumber, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeBatchAPI } from '../../../test/openai-batch-server';

const ctx = withProject();
const servers: FakeBatchAPI[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

const batchInput = (datasetId: number) => ({
  datasetId, model: 'hosted', roles: ['origin' as const], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null,
  temperature: null, maxTokens: 16, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null,
  concurrency: null, failFast: false, batch: true, triplets: 'submitted' as const,
});

async function hostedBatchServer(reply = goldOf): Promise<FakeBatchAPI> {
  const server = new FakeBatchAPI(reply);
  servers.push(server);
  const url = await server.start();
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'hosted', baseUrl: url, model: 'fake-vl', priceIn: 2, priceOut: 10 } });
  ctx.backend.state.runs.batchPollMs = 5;
  return server;
}

const lines = (jsonl: string) => jsonl.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { custom_id: string; url: string; body: { model: string } & Record<string, unknown> });

describe('batch runs over the files + batches protocol', () => {
  it('sends only what the cache lacks, survives a restart mid-batch by polling the same batch, and stores every line once', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    // Question 5 is refused by the provider: it lands in the batch's error file.
    const server = new FakeBatchAPI((prompt) => (questionNumber(prompt) === 5 ? null : goldOf(prompt)));
    servers.push(server);
    const url = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'hosted', baseUrl: url, model: 'fake-vl', priceIn: 2, priceOut: 10 } });
    const input = {
      datasetId, model: 'hosted', roles: ['origin' as const], filter: {}, limit: 2, templateId: 'vlmevalkit-mcq', template: null,
      temperature: null, maxTokens: 16, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null,
      concurrency: null, failFast: false, batch: true, triplets: 'submitted' as const,
    };
    ctx.backend.state.runs.batchPollMs = 5;

    // A first, finished batch of two questions fills the cache.
    server.release();
    const first = ctx.backend.state.runs.start(input, null);
    expect((await first.done)!.answered).toBe(2);

    // The dry run of the whole set: two from the cache, four to send, priced at half.
    const full = { ...input, limit: null };
    const plan = await ctx.backend.call('runs.plan', full);
    expect(plan).toMatchObject({ fromCache: 2, toAsk: 4, batchDiscount: 0.5 });
    expect(plan.maxCost).toBeCloseTo((plan.promptTokens * 2 + 4 * 16 * 10) / 1e6 / 2, 12);

    server.hold();
    const second = ctx.backend.state.runs.start(full, null);
    await until(() => server.created.length === 2 && server.polls >= 2);
    // The process goes away mid-batch: the backend closes with the batch still in progress at the provider.
    await ctx.backend.close();
    await second.done;

    ctx.backend = await createBackendInternals({ dataDir: join(ctx.dir, 'data') });
    await ctx.backend.call('projects.open', { path: ctx.project });
    expect(await ctx.backend.call('runs.get', { id: second.runId })).toMatchObject({ status: 'paused' });
    ctx.backend.state.runs.batchPollMs = 5;
    server.release();
    await ctx.backend.state.runs.resume(second.runId).done;

    // One upload and one batch per run: the restart only polled.
    expect(server.uploads).toHaveLength(2);
    expect(server.created).toHaveLength(2);
    const sent = lines(server.uploads[1]!);
    expect(sent).toHaveLength(4);
    expect(sent.every((l) => l.url === '/v1/chat/completions' && l.body.model === 'fake-vl')).toBe(true);
    expect(new Set(sent.map((l) => l.custom_id)).size).toBe(4);

    expect(await ctx.backend.call('runs.get', { id: second.runId })).toMatchObject({ status: 'done', answered: 5, errors: 1 });
    const rows = (await ctx.backend.call('runs.predictions', { runId: second.runId, limit: 100 })).rows;
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.outcome === 'correct')).toHaveLength(5);
    expect(rows.filter((r) => r.outcome === 'error').map((r) => questionNumber(r.questionText))).toEqual([5]);
  });
});

describe('a provider\'s batch output is untrusted input', () => {
  it('fails only the request of a garbled line, ends an expired batch failed with the provider\'s reason, and retry sends only what is missing', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 6);
    const server = await hostedBatchServer();
    // Question 1's reply arrives with a raw control character; the provider's window closes after four requests.
    server.garble = (prompt) => questionNumber(prompt) === 1;
    server.ending = { status: 'expired', answered: 4, reason: 'the 24h completion window passed' };
    server.release();
    const { runId, done } = ctx.backend.state.runs.start(batchInput(datasetId), null);
    const outcome = await done!;
    expect(outcome).toMatchObject({ status: 'failed', answered: 3, errors: 3,
      error: { code: 'endpoint_failed', message: expect.stringMatching(/batch batch-\d+ expired \(the 24h completion window passed\): 3 answered, 3 without/) } });
    expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'failed', answered: 3, errors: 3, error: expect.stringContaining('expired') });
    const rows = (await ctx.backend.call('runs.predictions', { runId, limit: 100 })).rows;
    const garbled = rows.find((r) => questionNumber(r.questionText) === 1)!;
    expect(garbled).toMatchObject({ outcome: 'error', error: expect.stringMatching(/^batch: unreadable line from the provider \(Bad control character.*"custom_id":"q\d+-p0"/) });
    expect(rows.filter((r) => r.outcome === 'error').map((r) => questionNumber(r.questionText)).sort()).toEqual([1, 4, 5]);
    expect(ctx.backend.state.requireProject().db.prepare('SELECT count(*) FROM run_batches').pluck().get()).toBe(0);

    // Retrying the errors sends a new batch of exactly those three; the run then ends done.
    server.garble = () => false;
    server.ending = null;
    const retried = await ctx.backend.state.runs.resume(runId, 'errors').done!;
    expect(retried).toMatchObject({ status: 'done', error: null });
    expect(server.uploads).toHaveLength(2);
    expect(lines(server.uploads[1]!)).toHaveLength(3);
    expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'done', answered: 6, errors: 0, error: null });
  });

  it('ends a batch the provider failed or cancelled as a failed run naming why', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const server = await hostedBatchServer();
    server.release();
    server.ending = { status: 'failed', answered: 0, reason: 'the input file has an invalid line 3' };
    const failed = await ctx.backend.state.runs.start(batchInput(datasetId), null).done!;
    expect(failed).toMatchObject({ status: 'failed', answered: 0, errors: 4,
      error: { code: 'endpoint_failed', message: expect.stringContaining('failed (the input file has an invalid line 3)') } });
    server.ending = { status: 'cancelled', answered: 1, reason: 'cancelled by the organisation\'s owner' };
    const cancelled = await ctx.backend.state.runs.resume(failed.runId, 'errors').done!;
    expect(cancelled).toMatchObject({ status: 'failed', answered: 1, errors: 3, error: { code: 'endpoint_failed', message: expect.stringContaining('cancelled (cancelled by') } });
    expect(await ctx.backend.call('runs.get', { id: failed.runId })).toMatchObject({ status: 'failed', answered: 1, errors: 3 });
  });
});

describe('the body of each batch request', () => {
  it('caps replies with max_completion_tokens for an o-series model, max_tokens for an ordinary one, and as an endpoint chose', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const server = await hostedBatchServer();
    server.release();
    const url = await ctx.backend.call('endpoints.list').then((all) => all.find((e) => e.name === 'hosted')!.baseUrl);
    const cases = [
      { name: 'hosted', field: 'max_tokens', absent: 'max_completion_tokens' },
      { name: 'reasoning', model: 'o3', field: 'max_completion_tokens', absent: 'max_tokens' },
      { name: 'forced', model: 'gpt-5-mini', tokenParam: 'max_tokens' as const, field: 'max_tokens', absent: 'max_completion_tokens' },
    ] as const;
    for (const c of cases) {
      if ('model' in c) await ctx.backend.call('endpoints.save', { endpoint: { name: c.name, baseUrl: url, model: c.model, ...('tokenParam' in c ? { tokenParam: c.tokenParam } : {}) } });
      expect((await ctx.backend.state.runs.start({ ...batchInput(datasetId), model: c.name }, null).done)!.answered, c.name).toBe(2);
      const bodies = lines(server.uploads.at(-1)!).map((l) => l.body);
      expect(bodies, c.name).toHaveLength(2);
      for (const body of bodies) {
        expect(body[c.field], c.name).toBe(16);
        expect(body, c.name).not.toHaveProperty(c.absent);
      }
    }
    expect(server.uploads).toHaveLength(3);
  });

  it('sends a few-shot template\'s turns before each question, as the live client does (MMStar\'s 2-shot S_t)', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const server = await hostedBatchServer();
    server.release();
    const done = await ctx.backend.state.runs.start({ ...batchInput(datasetId), templateId: 'mmstar-llm-2shot', images: false }, null).done;
    expect(done!.answered).toBe(2);
    for (const { body } of lines(server.uploads.at(-1)!)) {
      const messages = body.messages as { role: string; content: unknown }[];
      expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
      expect(messages.slice(2, 5).map((m) => m.content)).toEqual(['B', expect.stringContaining('demonstrated object'), 'D']);
    }
  });
});

describe('a run always settles its row', () => {
  it('ends a run whose provider goes away mid-batch failed with the reason, not "interrupted"', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const server = await hostedBatchServer();
    const { runId, done } = ctx.backend.state.runs.start(batchInput(datasetId), null);
    await until(() => server.polls >= 1);
    await server.stop();
    await expect(done!).rejects.toThrow(/Connection error/);
    expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'failed', error: expect.stringContaining('Connection error') });
    expect(readdirSync(ctx.dir).filter((f) => f.includes('-run-'))).toEqual([]);
  }, 30_000);
});
