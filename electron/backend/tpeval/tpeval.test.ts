import { afterEach, describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { CAREFUL, embedding, helperReply, P0, STEPWISE, targetReply } from '../../../test/tpeval-fixtures';
import { combinedScore, wordEditDistance } from '../../../shared/tpeval/scoring';

const ctx = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function setUp(options: { embeddings?: boolean } = {}) {
  const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 16);
  const target = new FakeOpenAI({ reply: targetReply, usage: { prompt_tokens: 100, completion_tokens: 5 } });
  const helper = new FakeOpenAI({ reply: helperReply, embed: embedding, usage: { prompt_tokens: 300, completion_tokens: 40 } });
  servers.push(target, helper);
  const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
  const priced = { priceIn: 1, priceOut: 2 };
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'target', baseUrl: targetUrl, model: 'vl-7b', concurrency: 4, ...priced } });
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'optimizer', baseUrl: helperUrl, model: 'gpt-helper', concurrency: 2, ...priced } });
  if (options.embeddings !== false) await ctx.backend.call('endpoints.save', { endpoint: { name: 'embedder', baseUrl: helperUrl, model: 'embed-small', ...priced } });
  const input = {
    datasetId, target: 'target', optimizer: 'optimizer', embeddings: options.embeddings === false ? null : 'embedder',
    params: { rounds: 3, perRound: 3, topK: 8 },
  };
  return { datasetId, target, helper, input };
}

describe('TP-Eval optimisation', () => {
  it('finds the better wording, respects the edit budget, stores every candidate and re-ranks with α*', async () => {
    const { target, helper, input } = await setUp();
    const plan = await ctx.backend.call('optimizations.plan', input);
    expect(plan).toMatchObject({ fewSize: 8, testSize: 8, candidates: 10, similarity: 'embeddings', calls: { target: 80, optimizer: 9, analyzer: 10, embeddings: 10 } });

    const done = await ctx.backend.call('optimizations.run', input);
    expect(done).toMatchObject({ status: 'done', round: 3, rounds: 3, similarity: 'embeddings' });
    const { candidates } = await ctx.backend.call('optimizations.get', { id: done.id });
    expect(candidates).toHaveLength(10);
    const scored = candidates.filter((c) => c.status === 'scored');
    expect(scored.map((c) => c.prompt)).toEqual([P0, CAREFUL, STEPWISE]);
    const byPrompt = (p: string) => scored.find((c) => c.prompt === p)!;
    expect([byPrompt(P0).accuracy, byPrompt(CAREFUL).accuracy, byPrompt(STEPWISE).accuracy]).toEqual([0, 0.75, 1]);
    expect(byPrompt(CAREFUL).similarity).toBeCloseTo(0.9, 2);
    expect(byPrompt(STEPWISE).similarity).toBeCloseTo(0.437, 2);
    for (const c of scored) expect(c.score).toBeCloseTo(combinedScore(c.accuracy!, c.similarity!, 0.8), 12);
    expect(byPrompt(P0).introspection).toMatch(/look carefully/);

    // While optimising (α = 0.8) the ten-word edit leads; re-ranked with α* = 0.6 the closer prompt is chosen.
    expect(done.best!.prompt).toBe(STEPWISE);
    expect(done.chosen!.prompt).toBe(CAREFUL);
    expect(byPrompt(CAREFUL).finalScore).toBeCloseTo(combinedScore(0.75, byPrompt(CAREFUL).similarity!, 0.6), 12);
    expect(byPrompt(CAREFUL).finalScore!).toBeGreaterThan(byPrompt(STEPWISE).finalScore!);

    // Rejections say why; nothing over budget was scored; budgets decay.
    const rejected = candidates.filter((c) => c.status === 'rejected');
    expect(rejected.map((c) => c.problem)).toEqual([
      'the prompt must contain {options} exactly once',
      'repeats an earlier prompt', expect.stringMatching(/^edits \d+ words; this round allows \d+$/), 'the prompt must contain {options} exactly once',
      'repeats an earlier prompt', 'repeats an earlier prompt', 'the prompt must contain {options} exactly once',
    ]);
    for (const c of candidates.filter((x) => x.round > 0 && x.status === 'scored')) expect(c.edits!).toBeLessThanOrEqual(c.budget!);
    const budgets = [1, 2, 3].map((r) => candidates.find((c) => c.round === r)!.budget!);
    expect(budgets[0]).toBeGreaterThan(budgets[2]!);
    expect(wordEditDistance(P0, CAREFUL)).toBe(2);

    // Every call is visible with its cost, and the plan was an upper bound.
    const calls = await ctx.backend.call('optimizations.calls', { id: done.id });
    const kinds = (k: string) => calls.filter((c) => c.kind === k).length;
    expect(kinds('target')).toBe(24);
    expect(kinds('optimizer')).toBe(9);
    expect(kinds('analyzer')).toBe(2);
    expect(kinds('embeddings')).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => !c.cached).every((c) => c.cost !== null && c.cost > 0)).toBe(true);
    expect(done.cost).toBeCloseTo(calls.reduce((s, c) => s + (c.cost ?? 0), 0), 9);
    expect(target.delivered()).toBeLessThanOrEqual(plan.calls.target);
    expect(helper.requests.filter((r) => r.delivered).length).toBeLessThanOrEqual(plan.calls.optimizer + plan.calls.analyzer);

    // The few-shot runs stay out of the Runs list; evaluating asks the test set with p0 and with the chosen prompt.
    expect(await ctx.backend.call('runs.list')).toEqual([]);
    const evaluated = await ctx.backend.call('optimizations.evaluate', { id: done.id });
    await ctx.backend.state.runs.settled(evaluated.originalRunId);
    await ctx.backend.state.runs.settled(evaluated.customRunId);
    const report = await ctx.backend.call('optimizations.report');
    expect(report.tasks).toEqual([{ optimizationId: done.id, model: 'target', task: 'evalset', original: 0, customised: 1 }]);
    expect(report.models).toEqual([{ model: 'target', tasks: 1, original: 0, customised: 1, improved: 1, meanImprovement: null }]);
  });

  it('resumes after an interruption without asking any finished call again', async () => {
    const { target, helper, input } = await setUp();
    // As soon as round 1 starts asking the target, the target holds every request (nothing more is delivered), so the
    // interruption lands with requests in flight and no answer in transit: what was delivered has been stored.
    let hold = false;
    target.configure({ fault: () => (hold ? { kind: 'timeout' } : { kind: 'ok' }) });
    const { optimizationId, jobId } = await ctx.backend.call('optimizations.start', input);
    for (;;) {
      const { candidates } = await ctx.backend.call('optimizations.get', { id: optimizationId });
      if (candidates.some((c) => c.round === 1)) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    hold = true;
    await new Promise((r) => setTimeout(r, 300));
    await ctx.backend.call('jobs.cancel', { id: jobId });
    await expect(waitJob(jobId)).resolves.toBe('cancelled');
    expect((await ctx.backend.call('optimizations.get', { id: optimizationId })).optimization.status).toBe('cancelled');
    expect(target.delivered()).toBeGreaterThan(0);
    expect(target.delivered()).toBeLessThan(24);

    hold = false;
    const { jobId: again } = await ctx.backend.call('optimizations.resume', { id: optimizationId });
    await expect(waitJob(again)).resolves.toBe('done');
    const finished = await ctx.backend.call('optimizations.get', { id: optimizationId });
    expect(finished.optimization.chosen!.prompt).toBe(CAREFUL);
    expect(finished.candidates).toHaveLength(10);
    expect(target.answeredTwice()).toEqual([]);
    // The optimizer's three proposals of a round share one meta-prompt and differ by seed: count (prompt, seed) pairs.
    const helperAsks = helper.requests.filter((r) => r.delivered).map((r) => `${r.body.seed}:${r.prompt}`);
    expect(new Set(helperAsks).size).toBe(helperAsks.length);
    expect(target.delivered()).toBe(24);
  });

  it('labels the lexical fallback when no embeddings endpoint is configured, and refuses zero-shot with nothing to learn from', async () => {
    const { input } = await setUp({ embeddings: false });
    const plan = await ctx.backend.call('optimizations.plan', input);
    expect(plan.similarity).toBe('lexical');
    expect(plan.calls.embeddings).toBe(0);
    await expect(ctx.backend.call('optimizations.run', { ...input, zeroShot: true }))
      .rejects.toMatchObject({ message: expect.stringMatching(/zero-shot needs finished optimisations of other tasks/) });
    const done = await ctx.backend.call('optimizations.run', input);
    expect(done.similarity).toBe('lexical');
    const zero = await ctx.backend.call('optimizations.run', { ...input, task: 'odd', zeroShot: true });
    expect(zero.status).toBe('done');
    expect(zero.chosen!.round).toBe(1);
  });
});

async function waitJob(id: string): Promise<string> {
  for (;;) {
    const job = ctx.backend.jobs.get(id)!;
    if (job.status !== 'running') return job.status;
    await new Promise((r) => setTimeout(r, 10));
  }
}
