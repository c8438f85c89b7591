import { describe, expect, it } from 'vitest';
import { until, withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { embedding, helperReply, targetReply } from '../../../test/optimize-fixtures';
import { ownerKeySuite } from '../../../test/received-run';

/**
 * Issue 29, security, for TP-Eval: an optimisation someone sent, with a few-shot run that recorded the sender's
 * target server, resumed by the new owner, sends the owner's key to the owner's servers only.
 */

const KEY = 'sk-owner-issue-29-optimize';
const KEY_ENV = 'ANCHOR_TEST_OWNER_KEY_OPTIMIZE';
const ctx = withProject();
const servers = ownerKeySuite(KEY_ENV, KEY);

async function serve(options: ConstructorParameters<typeof FakeOpenAI>[0]): Promise<{ server: FakeOpenAI; url: string }> {
  const server = new FakeOpenAI(options);
  servers.push(server);
  return { server, url: await server.start() };
}

const carrying = (server: FakeOpenAI) => server.requests.filter((r) => r.authorization?.includes(KEY));

describe('security: a received optimisation resumed by its new owner (issue 29)', () => {
  it('is refused while its endpoints recorded the sender\'s servers; accepted, its runs and helpers ask only the owner\'s', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 16);
    // The sender's studio: its own servers (no key), an optimisation stopped while its first few-shot run was in flight.
    const sender = { target: await serve({ reply: targetReply }), helper: await serve({ reply: helperReply, embed: embedding }) };
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'target', baseUrl: sender.target.url, model: 'vl-7b' } });
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'optimizer', baseUrl: sender.helper.url, model: 'gpt-helper' } });
    sender.target.server.hold();
    const { optimizationId: id, jobId } = await ctx.backend.call('optimizations.start', {
      datasetId, target: 'target', optimizer: 'optimizer', lexicalSimilarity: true, params: { rounds: 1, perRound: 1, topK: 8 },
    });
    await until(() => sender.target.server.waiting() > 0);
    await ctx.backend.call('jobs.cancel', { id: jobId });
    await ctx.backend.jobs.settled(jobId);
    // The file the owner receives names that unfinished run as the first candidate's, so resuming continues it.
    const db = ctx.backend.state.requireProject().db;
    db.prepare('UPDATE opt_candidates SET run_id = (SELECT max(id) FROM runs) WHERE optimization_id = ?').run(id);

    // The owner's machine: the same names on the owner's servers, with the owner's key.
    const owner = { target: await serve({ reply: targetReply }), helper: await serve({ reply: helperReply, embed: embedding }) };
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'target', baseUrl: owner.target.url, model: 'vl-7b', apiKeyEnv: KEY_ENV } });
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'optimizer', baseUrl: owner.helper.url, model: 'gpt-helper', apiKeyEnv: KEY_ENV } });

    await expect(ctx.backend.call('optimizations.resume', { id })).rejects.toMatchObject({
      code: 'endpoint_changed', message: expect.stringMatching(/optimisation \d+ .*"target": its URLs differ.*"optimizer": its URLs differ/),
    });
    const resumed = await ctx.backend.call('optimizations.resume', { id, acceptEndpointChange: true });
    await ctx.backend.jobs.settled(resumed.jobId);
    expect((await ctx.backend.call('optimizations.get', { id })).optimization.status).toBe('done');
    // The sender's run was continued (confirmed for the owner's target, and its analyzer as judge), not replaced by a new one.
    expect(db.prepare('SELECT role FROM run_endpoint_confirmations').pluck().all()).toEqual(['endpoint', 'judge']);
    expect(carrying(sender.target.server)).toEqual([]);
    expect(carrying(sender.helper.server)).toEqual([]);
    expect(owner.target.server.requests.length).toBeGreaterThan(0);
    expect(owner.helper.server.requests.length).toBeGreaterThan(0);
    expect(carrying(owner.target.server)).toHaveLength(owner.target.server.requests.length);
    expect(carrying(owner.helper.server)).toHaveLength(owner.helper.server.requests.length);
  });
});
