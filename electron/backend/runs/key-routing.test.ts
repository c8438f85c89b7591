import { describe, expect, it } from 'vitest';
import { runConfigInputSchema, type EndpointInput, type RunConfigInput } from '@shared/contract';
import { withProject } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { KeyTrap } from '../../../test/key-trap';
import { FakeOpenAI } from '../../../test/openai-server';
import { FakeBatchAPI } from '../../../test/openai-batch-server';
import { ownerKeySuite, senderRun, storeUrls as storeUrlsIn } from '../../../test/received-run';
import { urlFingerprint } from '../endpoints/fingerprint';
import { configHash, freezeConfig } from './config';
import { storeError } from './predictions';
import { runRow } from './runs';
import { rememberBatch } from './store/batches';

/**
 * Issue 29, security: a project file someone sent names the servers its runs used. Resuming, retrying, judging and
 * polling a batch as the new owner must send the owner's key only to the owner's endpoints, never to a URL from the file.
 */

const KEY = 'sk-owner-issue-29';
const KEY_ENV = 'ANCHOR_TEST_OWNER_KEY';
const ctx = withProject();
const servers = ownerKeySuite(KEY_ENV, KEY);

async function started<T extends { start(): Promise<string>; stop(): Promise<void> }>(server: T): Promise<string> {
  servers.push(server);
  return server.start();
}

const db = () => ctx.backend.state.requireProject().db;

/** The owner's endpoint on this machine, its key in an environment variable. */
const ownerEndpoint = (endpoint: EndpointInput) => ctx.backend.call('endpoints.save', { endpoint: { apiKeyEnv: KEY_ENV, ...endpoint } });

const received = (endpoints: EndpointInput[], input: RunConfigInput) => senderRun(ctx.backend, ctx.dir, endpoints, input);
const storeUrls = (runId: number, role: 'endpoint' | 'judge', baseUrl: string, replicas: string[] = []) =>
  storeUrlsIn(ctx.backend, runId, role, baseUrl, replicas);

/**
 * A dataset of n questions, the sender's server (a trap) and the owner's, and a run the sender made on its server,
 * stored with its URL as older projects store it, received by the owner, whose endpoint of that name is its own server.
 */
async function receivedFromTrap(n: number) {
  const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, n);
  const trap = new KeyTrap();
  const senderUrl = await started(trap);
  const owner = new FakeOpenAI({ reply: goldOf });
  const ownerUrl = await started(owner);
  const id = received([{ name: 'gpt', baseUrl: senderUrl, model: 'fake-vl' }], { datasetId, model: 'gpt' });
  storeUrls(id, 'endpoint', senderUrl);
  await ownerEndpoint({ name: 'gpt', baseUrl: ownerUrl, model: 'fake-vl' });
  return { id, trap, owner, ownerUrl };
}

const confirmations = (runId: number) => db().prepare<[number], { role: string; model: string; url_fingerprint: string; changes: string }>(
  'SELECT role, model, url_fingerprint, changes FROM run_endpoint_confirmations WHERE run_id = ? ORDER BY id',
).all(runId);

describe('security: the owner\'s key goes only where the owner pointed it (issue 29)', () => {
  it('refuses to resume a received run whose endpoint recorded the sender\'s URLs, and sends only to the owner once the owner accepts', async () => {
    const { id, trap, owner, ownerUrl } = await receivedFromTrap(4);

    await expect(ctx.backend.call('runs.resume', { id })).rejects.toMatchObject({ code: 'endpoint_changed', message: expect.stringMatching(/endpoint "gpt": its URLs differ.*Nothing was sent/) });
    expect(trap.requests).toEqual([]);
    expect(owner.requests).toEqual([]);

    await ctx.backend.call('runs.resume', { id, acceptEndpointChange: true });
    await ctx.backend.state.runs.settled(id);
    expect(await ctx.backend.call('runs.get', { id })).toMatchObject({ status: 'done', answered: 4, correct: 4 });
    expect(trap.requests).toEqual([]);
    expect(owner.requests.map((r) => r.authorization)).toEqual(Array(4).fill(`Bearer ${KEY}`));
    // The acceptance is the run's: what was accepted and why, and the run is not refused again.
    expect(confirmations(id)).toEqual([{ role: 'endpoint', model: 'fake-vl', url_fingerprint: urlFingerprint(ownerUrl), changes: expect.stringMatching(/its URLs differ/) }]);
    await ctx.backend.call('runs.retryErrors', { id });
    await ctx.backend.state.runs.settled(id);
  });

  it('never sends to a URL a run stores, even beside a fingerprint forged to match the owner\'s endpoint', async () => {
    const { id, trap, owner, ownerUrl } = await receivedFromTrap(3);
    db().prepare(`UPDATE runs SET config = json_set(config, '$.endpoint.urlFingerprint', ?) WHERE id = ?`).run(urlFingerprint(`${ownerUrl}/`), id);

    await ctx.backend.call('runs.resume', { id });
    await ctx.backend.state.runs.settled(id);
    expect(trap.requests).toEqual([]);
    expect(owner.requests.map((r) => r.authorization)).toEqual(Array(3).fill(`Bearer ${KEY}`));
  });

  it('retrying a received run\'s errors with a replica URL from the file is refused; nothing reaches the sender', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const trap = new KeyTrap();
    const senderUrl = await started(trap);
    const owner = new FakeOpenAI({ reply: goldOf });
    const ownerUrl = await started(owner);
    // The owner's own server, with the sender's listed as a replica beside it.
    const id = received([{ name: 'gpt', baseUrl: ownerUrl, model: 'fake-vl' }], { datasetId, model: 'gpt' });
    storeUrls(id, 'endpoint', ownerUrl, [senderUrl]);
    const { rows } = await ctx.backend.call('questions.list', { datasetId, limit: 10 });
    for (const q of rows) storeError(db(), id, q.id, 0, 'server: 500', [], 1, new Date().toISOString());
    await ownerEndpoint({ name: 'gpt', baseUrl: ownerUrl, model: 'fake-vl' });

    await expect(ctx.backend.call('runs.retryErrors', { id })).rejects.toMatchObject({ code: 'endpoint_changed' });
    await ctx.backend.state.runs.settled(id);
    expect(trap.requests).toEqual([]);
    expect(owner.requests).toEqual([]);
  });

  it('refuses a judge that recorded the sender\'s URL, and asks the owner\'s judge once accepted', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const trap = new KeyTrap();
    const senderUrl = await started(trap);
    // The model's replies name no option, so every one goes to the judge.
    const model = new FakeOpenAI({ reply: () => 'Hmm, hard to say.' });
    const modelUrl = await started(model);
    const judge = new FakeOpenAI({ reply: goldOf });
    const judgeUrl = await started(judge);
    const id = received([{ name: 'gpt', baseUrl: modelUrl, model: 'fake-vl' }, { name: 'judge', baseUrl: senderUrl, model: 'judge-model' }],
      { datasetId, model: 'gpt', judge: 'judge' });
    storeUrls(id, 'judge', senderUrl);
    await ownerEndpoint({ name: 'gpt', baseUrl: modelUrl, model: 'fake-vl' });
    await ownerEndpoint({ name: 'judge', baseUrl: judgeUrl, model: 'judge-model' });

    await expect(ctx.backend.call('runs.resume', { id })).rejects.toMatchObject({ code: 'endpoint_changed', message: expect.stringMatching(/judge "judge": its URLs differ/) });
    expect(model.requests).toEqual([]);
    await ctx.backend.call('runs.resume', { id, acceptEndpointChange: true });
    await ctx.backend.state.runs.settled(id);
    expect(await ctx.backend.call('runs.get', { id })).toMatchObject({ status: 'done', answered: 2 });
    expect((await ctx.backend.call('runs.predictions', { runId: id, extraction: 'judge' })).total).toBe(2);
    expect(trap.requests).toEqual([]);
    expect(judge.requests.length).toBeGreaterThan(0);
    expect(new Set(judge.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    expect(confirmations(id).map((c) => c.role)).toEqual(['judge']);
  });

  it('polls a received batch id only at the owner\'s provider: refused first, then sent again there once accepted', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const trap = new KeyTrap();
    const senderUrl = await started(trap);
    const provider = new FakeBatchAPI(goldOf);
    const providerUrl = await started(provider);
    provider.release();
    ctx.backend.state.runs.batchPollMs = 5;
    const id = received([{ name: 'gpt', baseUrl: senderUrl, model: 'fake-vl' }], { datasetId, model: 'gpt', batch: true });
    storeUrls(id, 'endpoint', senderUrl);
    rememberBatch(db(), id, { inputFileId: 'file-sender', batchId: 'batch-sender' }, 3, new Date().toISOString());
    await ownerEndpoint({ name: 'gpt', baseUrl: providerUrl, model: 'fake-vl' });

    await expect(ctx.backend.call('runs.resume', { id })).rejects.toMatchObject({ code: 'endpoint_changed' });
    expect(trap.requests).toEqual([]);
    await ctx.backend.call('runs.resume', { id, acceptEndpointChange: true });
    await ctx.backend.state.runs.settled(id);
    expect(await ctx.backend.call('runs.get', { id })).toMatchObject({ status: 'done', answered: 3, correct: 3 });
    expect(trap.requests).toEqual([]);
    expect(provider.created).toHaveLength(1);
  });

  it('an eval that finds a received run by a configuration hash forged to match the owner\'s settings is refused; nothing is sent', async () => {
    const { id, trap, owner } = await receivedFromTrap(3);
    const input = runConfigInputSchema.parse({ datasetId: runRow(db(), id).dataset_id, model: 'gpt' });
    // The hash `anchor eval` finds unfinished runs by, as the owner's settings give it, written over the received run's.
    const hash = configHash(freezeConfig(input, ctx.backend.state.endpoints));
    db().prepare('UPDATE runs SET config_hash = ? WHERE id = ?').run(hash, id);

    expect(() => ctx.backend.state.runs.start(input, null, true)).toThrow(expect.objectContaining({ code: 'endpoint_changed' }));
    await ctx.backend.state.runs.settled(id);
    expect(trap.requests).toEqual([]);
    expect(owner.requests).toEqual([]);
  });

  it('names a recorded endpoint this machine lacks, and a changed model, before anything is sent', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const owner = new FakeOpenAI({ reply: goldOf });
    const ownerUrl = await started(owner);
    const id = received([{ name: 'gpt', baseUrl: ownerUrl, model: 'fake-vl' }], { datasetId, model: 'gpt' });

    await expect(ctx.backend.call('runs.resume', { id })).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/run \d+ used the endpoint "gpt", which this machine does not have/) });
    await ownerEndpoint({ name: 'gpt', baseUrl: `${ownerUrl}/`, model: 'other-model' });
    await expect(ctx.backend.call('runs.resume', { id })).rejects.toMatchObject({ code: 'endpoint_changed', message: expect.stringMatching(/model "fake-vl" is now "other-model"/) });
    expect(owner.requests).toEqual([]);
  });
});
