import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { EndpointStore } from '../endpoints/endpoints';
import type { SecretBox } from '../endpoints/secrets';

const ctx = withProject();

/** Stands in for Electron's safeStorage (outside the project): reversible, and visibly not the plain text. */
const box: SecretBox = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from([...Buffer.from(plain)].map((b) => b ^ 0x5a)),
  decryptString: (buf) => Buffer.from([...buf].map((b) => b ^ 0x5a)).toString(),
};

describe('baselines and people', () => {
  it('selects only listed items, or all but them (TP-Eval\'s few-shot and held-out sets)', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 10);
    const { rows } = await ctx.backend.call('questions.list', { datasetId, limit: 100 });
    const few = rows.slice(0, 3).map((r) => r.itemId);
    const asked = async (filter: { itemIds?: number[]; excludeItemIds?: number[] }) => {
      const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess', filter });
      await ctx.backend.state.runs.settled(runId);
      return new Set((await ctx.backend.call('runs.predictions', { runId, limit: 100 })).rows.map((r) => r.itemId));
    };
    expect(await asked({ itemIds: few })).toEqual(new Set(few));
    const rest = await asked({ excludeItemIds: few });
    expect(rest.size).toBe(new Set(rows.map((r) => r.itemId)).size - 3);
    for (const id of few) expect(rest.has(id)).toBe(false);
  });

  it('the random-guess baseline is seeded: the same seed gives the same answers, another seed others', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 40);
    const answers = async (seed: number) => {
      const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess', seed });
      await ctx.backend.state.runs.settled(runId);
      return (await ctx.backend.call('runs.predictions', { runId, limit: 100 })).rows.map((r) => r.extracted);
    };
    const a = await answers(7);
    const b = await answers(7);
    const c = await answers(8);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(new Set(a)).toEqual(new Set(['A', 'B', 'C', 'D']));
  });

  it('a human run hands out questions in order and finishes when every one is answered', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const { runId, jobId } = await ctx.backend.call('runs.start', { datasetId, model: 'human' });
    expect(jobId).toBeNull();
    for (const label of ['A', 'C', 'C']) {
      const next = await ctx.backend.call('runs.nextHuman', { id: runId });
      expect(next).not.toBeNull();
      await expect(ctx.backend.call('runs.answer', { runId, questionId: next!.questionId, label: 'Q' })).rejects.toMatchObject({ code: 'invalid_input' });
      await ctx.backend.call('runs.answer', { runId, questionId: next!.questionId, label });
    }
    expect(await ctx.backend.call('runs.nextHuman', { id: runId })).toBeNull();
    expect(await ctx.backend.call('runs.get', { id: runId })).toMatchObject({ status: 'done', answered: 3, correct: 2 });
  });
});

describe('prompt templates', () => {
  it('stores an edited template with the run and names it by a hash of its words', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const [preset] = await ctx.backend.call('runs.templates');
    const plain = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess' });
    const edited = await ctx.backend.call('runs.start', {
      datasetId, model: 'random-guess', template: { ...preset!, id: 'mine', name: 'Mine', multipleChoice: 'Q: {question}\n{options}\nLetter only.' },
    });
    await ctx.backend.state.runs.settled(edited.runId);
    const a = await ctx.backend.call('runs.get', { id: plain.runId });
    const b = await ctx.backend.call('runs.get', { id: edited.runId });
    expect(b.templateName).toBe('Mine');
    expect(b.templateHash).toMatch(/^[0-9a-f]{16}$/);
    expect(b.templateHash).not.toBe(a.templateHash);
    const row = (await ctx.backend.call('runs.predictions', { runId: edited.runId })).rows[0]!;
    const detail = await ctx.backend.call('runs.prediction', { id: row.id! });
    expect(detail.prompt.find((p) => p.kind === 'text')).toMatchObject({ text: expect.stringMatching(/^Q: Question 0: which shape is marked\?\nA\. circle/) });
  });
});

describe('corrections', () => {
  it('keeps the extractor value beside a person\'s correction and rescores with it', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess', seed: 1 });
    await ctx.backend.state.runs.settled(runId);
    const rows = (await ctx.backend.call('runs.predictions', { runId })).rows;
    const wrong = rows.find((r) => r.outcome === 'wrong')!;
    const fixed = await ctx.backend.call('runs.correct', { id: wrong.id!, label: wrong.gold });
    expect(fixed).toMatchObject({ outcome: 'correct', corrected: wrong.gold, extracted: wrong.extracted });
    await expect(ctx.backend.call('runs.correct', { id: wrong.id!, label: 'Q' })).rejects.toMatchObject({ code: 'invalid_input' });
    const undone = await ctx.backend.call('runs.correct', { id: wrong.id!, label: null });
    expect(undone).toMatchObject({ outcome: 'wrong', corrected: null });
  });
});

describe('endpoint store', () => {
  it('stores a key only encrypted, and refuses to store one where it cannot encrypt', () => {
    const dataDir = join(ctx.dir, 'machine');
    const store = new EndpointStore(dataDir, box, {});
    const endpoint = { name: 'gpt', baseUrl: 'https://api.example.com/v1', model: 'gpt-x', kind: 'vision' as const, apiKeyEnv: null,
      temperature: 0, maxTokens: 64, tokenParam: 'auto' as const, concurrency: 2, rpm: null, tpm: null, timeoutMs: 1000, priceIn: 2.5, priceOut: 10, batchDiscount: 0.5 };
    expect(store.save(endpoint, 'sk-secret-value', null).keySource).toBe('stored');
    expect(store.apiKey(store.get('gpt'))).toBe('sk-secret-value');
    for (const file of ['endpoints.json', 'endpoint-keys.json']) expect(readFileSync(join(dataDir, file), 'utf8')).not.toContain('sk-secret-value');
    const server = new EndpointStore(dataDir, null, { OPENAI_API_KEY: 'sk-env' });
    expect(() => server.save({ ...endpoint, name: 'other' }, 'sk-x', null)).toThrow(/environment variable/);
    expect(server.apiKey({ ...endpoint, apiKeyEnv: 'OPENAI_API_KEY' })).toBe('sk-env');
    expect(store.delete('gpt')).toBe(true);
    expect(readFileSync(join(dataDir, 'endpoint-keys.json'), 'utf8')).toBe('{}');
  });

  it('refuses a key file that is not a map of names to stored keys, naming the file, instead of decoding what it holds', () => {
    const dataDir = join(ctx.dir, 'machine-bad-keys');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'endpoint-keys.json'), JSON.stringify({ gpt: 42 }));
    const store = new EndpointStore(dataDir, box, {});
    const endpoint = { name: 'gpt', baseUrl: 'https://api.example.com/v1', model: 'gpt-x', kind: 'vision' as const, apiKeyEnv: null,
      temperature: 0, maxTokens: 64, tokenParam: 'auto' as const, concurrency: 2, rpm: null, tpm: null, timeoutMs: 1000, priceIn: null, priceOut: null, batchDiscount: 0.5 };
    expect(() => store.apiKey(endpoint)).toThrow(expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/endpoint-keys\.json is not a map/) }));
  });

  it('the dry run counts requests, tokens and an upper bound on cost before anything is sent', async () => {
    await ctx.backend.call('endpoints.save', {
      endpoint: { name: 'priced', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', priceIn: 1, priceOut: 4, maxTokens: 100 },
    });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 5);
    const plan = await ctx.backend.call('runs.plan', { datasetId, model: 'priced', circular: true });
    expect(plan).toMatchObject({ questions: 5, requests: 20, fromCache: 0, toAsk: 20, maxOutputTokens: 2000, cacheable: true });
    expect(plan.promptTokens).toBeGreaterThan(20 * 85);
    expect(plan.maxCost).toBeCloseTo((plan.promptTokens * 1 + 2000 * 4) / 1e6, 10);
  });
});
