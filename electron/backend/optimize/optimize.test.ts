import { afterEach, describe, expect, it } from 'vitest';
import { until, withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { CAREFUL, closer, embedding, helperReply, P0, QUESTION_TEMPLATE, REWRITE, STEPWISE, targetReply, WRAPPER } from '../../../test/optimize-fixtures';
import { combinedScore, wordEditDistance } from '@shared/optimize/scoring';

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
    datasetId, target: 'target', optimizer: 'optimizer', embeddings: options.embeddings === false ? null : 'embedder', lexicalSimilarity: options.embeddings === false,
    params: { rounds: 3, perRound: 3, topK: 8 },
  };
  return { datasetId, target, helper, input };
}

describe('TP-Eval optimisation', () => {
  it('finds the better wording of the task\'s own question, scores three candidates every round, and re-ranks with α*', async () => {
    const { target, helper, input } = await setUp();
    const plan = await ctx.backend.call('optimizations.plan', input);
    expect(plan).toMatchObject({
      fewSize: 8, testSize: 8, candidates: 10, similarity: 'embeddings', scope: 'question-template', questionTemplate: QUESTION_TEMPLATE, warnings: [],
      calls: { target: 80, optimizer: 9, optimizerRetriesAtMost: 27, analyzer: 10, embeddings: 10 },
    });

    const done = await ctx.backend.call('optimizations.run', input);
    expect(done).toMatchObject({ status: 'done', round: 3, rounds: 3, similarity: 'embeddings', scope: 'question-template', p0: P0 });
    expect(done.questionTemplate).toEqual({ text: QUESTION_TEMPLATE, source: 'detected' });
    const { candidates } = await ctx.backend.call('optimizations.get', { id: done.id });
    expect(candidates).toHaveLength(10);
    // The optimizer first answers over budget (or repeats, or drops {options}); asked again, every round scores three.
    expect(candidates.every((c) => c.status === 'scored')).toBe(true);
    for (const round of [1, 2, 3]) expect(candidates.filter((c) => c.round === round && c.status === 'scored')).toHaveLength(3);
    expect(candidates.map((c) => c.prompt)).toEqual([P0, CAREFUL, STEPWISE, closer(1, 2), closer(2, 0), closer(2, 1), closer(2, 2), closer(3, 0),
      closer(3, 1), closer(3, 2)]);
    const refusedOf = (round: number, slot: number) => candidates.find((c) => c.round === round && c.slot === slot)!.refused.map((r) => r.problem);
    expect(refusedOf(1, 0)).toEqual([]);
    expect(refusedOf(1, 2)).toEqual(['the prompt must contain {options} exactly once']);
    expect(refusedOf(2, 0)).toEqual(['repeats an earlier prompt']);
    for (const round of [2, 3]) expect(refusedOf(round, 1)).toEqual([expect.stringMatching(/^edits \d+ words; this round allows \d+$/)]);
    const retried = helper.requests.filter((r) => r.prompt.includes('Refused: edits'));
    expect(retried.length).toBe(2);
    expect(retried[0]!.prompt).toContain(`<prompt>${REWRITE}</prompt>`);

    const byPrompt = (p: string) => candidates.find((c) => c.prompt === p)!;
    expect([byPrompt(P0).accuracy, byPrompt(CAREFUL).accuracy, byPrompt(STEPWISE).accuracy]).toEqual([0, 0.75, 1]);
    expect(byPrompt(CAREFUL).similarity).toBeCloseTo(0.9, 2);
    expect(byPrompt(STEPWISE).similarity).toBeCloseTo(0.437, 2);
    for (const c of candidates) expect(c.score).toBeCloseTo(combinedScore(c.accuracy!, c.similarity!, 0.8), 12);
    expect(byPrompt(P0).introspection).toMatch(/look carefully/);

    // The chosen prompt rewrote the question's own words and kept its slot: the target read each question that way.
    expect(done.best!.prompt).toBe(STEPWISE);
    expect(done.chosen!.prompt).toBe(CAREFUL);
    expect(CAREFUL).toContain('{slot1}: look carefully, which shape is marked?');
    expect(target.requests.some((r) => r.prompt.includes('Question: Question 4: look carefully, which shape is marked?\nOptions:'))).toBe(true);
    expect(target.requests.some((r) => r.prompt.includes('{slot1}'))).toBe(false);
    expect(byPrompt(CAREFUL).finalScore).toBeCloseTo(combinedScore(0.75, byPrompt(CAREFUL).similarity!, 0.6), 12);
    expect(byPrompt(CAREFUL).finalScore!).toBeGreaterThan(byPrompt(STEPWISE).finalScore!);
    for (const c of candidates.filter((x) => x.round > 0)) expect(c.edits!).toBeLessThanOrEqual(c.budget!);
    const budgets = [1, 2, 3].map((r) => candidates.find((c) => c.round === r)!.budget!);
    expect(budgets[0]).toBeGreaterThan(budgets[2]!);
    expect(wordEditDistance(P0, CAREFUL)).toBe(2);

    // The analyzer sees the wrong answers' images (one per question, as seeded).
    const analyzerAsks = helper.requests.filter((r) => r.prompt.startsWith('A multimodal model was evaluated'));
    expect(analyzerAsks.length).toBeGreaterThan(0);
    const p0Ask = analyzerAsks.find((r) => r.prompt.includes(`<prompt>${P0}</prompt>`))!;
    expect(p0Ask.images).toBe(8);

    // Every call is visible with its cost, and the plan was an upper bound.
    const calls = await ctx.backend.call('optimizations.calls', { id: done.id });
    const kinds = (k: string) => calls.filter((c) => c.kind === k).length;
    expect(kinds('target')).toBe(80);
    expect(kinds('optimizer')).toBe(9 + 7);
    expect(kinds('analyzer')).toBe(analyzerAsks.length);
    expect(kinds('embeddings')).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => !c.cached).every((c) => c.cost !== null && c.cost > 0)).toBe(true);
    expect(done.cost).toBeCloseTo(calls.reduce((s, c) => s + (c.cost ?? 0), 0), 9);
    expect(target.delivered()).toBeLessThanOrEqual(plan.calls.target);
    expect(helper.requests.filter((r) => r.delivered && r.body.seed !== undefined).length)
      .toBeLessThanOrEqual(plan.calls.optimizer + plan.calls.optimizerRetriesAtMost + plan.calls.analyzer);

    // The few-shot runs stay out of the Runs list; evaluating asks the test set with p0 and with the chosen prompt.
    expect(await ctx.backend.call('runs.list')).toEqual([]);
    const evaluated = await ctx.backend.call('optimizations.evaluate', { id: done.id });
    await ctx.backend.state.runs.settled(evaluated.originalRunId);
    await ctx.backend.state.runs.settled(evaluated.customRunId);
    const report = await ctx.backend.call('optimizations.report');
    expect(report.tasks).toEqual([{ optimizationId: done.id, model: 'target', task: 'evalset', original: 0, customised: 1 }]);
    expect(report.models).toEqual([{ model: 'target', tasks: 1, original: 0, customised: 1, improved: 1, meanImprovement: null }]);

    // Evaluated a second time (here with the wrapper-only p0 of another optimisation of the same task), the task still
    // counts once in Table 2: by its latest evaluation.
    const again = await ctx.backend.call('optimizations.run', { ...input, scope: 'wrapper' });
    expect(again).toMatchObject({ scope: 'wrapper', questionTemplate: null, p0: WRAPPER });
    expect(again.warnings).toEqual([expect.stringMatching(/only the wording around \{question\} is optimised/)]);
    const second = await ctx.backend.call('optimizations.evaluate', { id: again.id, candidateId: again.best!.id });
    await ctx.backend.state.runs.settled(second.originalRunId);
    await ctx.backend.state.runs.settled(second.customRunId);
    const twice = await ctx.backend.call('optimizations.report');
    expect(twice.tasks).toEqual([expect.objectContaining({ optimizationId: again.id, model: 'target', task: 'evalset' })]);
    expect(twice.models).toEqual([expect.objectContaining({ model: 'target', tasks: 1 })]);
  });

  it('optimises a declared question template, and refuses one the task\'s questions do not follow', async () => {
    const { input } = await setUp();
    await expect(ctx.backend.call('optimizations.plan', { ...input, questionTemplate: 'How many {object} are there?' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/"Question 0: which shape is marked\?" does not follow the template/) });
    await expect(ctx.backend.call('optimizations.plan', { ...input, questionTemplate: 'Question {question}: which shape is marked?' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/reserved/) });
    const plan = await ctx.backend.call('optimizations.plan', { ...input, questionTemplate: 'Question {n}: which {thing} is marked?' });
    expect(plan).toMatchObject({ scope: 'question-template', questionTemplate: 'Question {n}: which {thing} is marked?' });
  });

  it('resumes after an interruption without asking any finished call again', async () => {
    const { target, helper, input } = await setUp();
    // As soon as round 1 starts asking the target, the target holds every request (nothing more is delivered), so the
    // interruption lands with requests in flight and no answer in transit: what was delivered has been stored.
    let hold = false;
    target.configure({ fault: () => (hold ? { kind: 'timeout' } : { kind: 'ok' }) });
    const { optimizationId, jobId } = await ctx.backend.call('optimizations.start', input);
    await until(async () => (await ctx.backend.call('optimizations.get', { id: optimizationId })).candidates.some((c) => c.round === 1), 2);
    hold = true;
    // Cancel once nothing is in transit, however slow the machine: a request is held, no other reply is on its way,
    // and every delivered answer is in the file.
    const db = ctx.backend.state.requireProject().db;
    const stored = () => db.prepare<[], number>('SELECT count(*) FROM predictions').pluck().get() ?? 0;
    await until(() => target.held() > 0 && target.inFlight === 0 && stored() === target.delivered());
    await ctx.backend.call('jobs.cancel', { id: jobId });
    await expect(waitJob(jobId)).resolves.toBe('cancelled');
    expect((await ctx.backend.call('optimizations.get', { id: optimizationId })).optimization.status).toBe('cancelled');
    expect(target.delivered()).toBeGreaterThan(0);
    expect(target.delivered()).toBeLessThan(80);

    hold = false;
    const { jobId: again } = await ctx.backend.call('optimizations.resume', { id: optimizationId });
    await expect(waitJob(again)).resolves.toBe('done');
    const finished = await ctx.backend.call('optimizations.get', { id: optimizationId });
    expect(finished.optimization.chosen!.prompt).toBe(CAREFUL);
    expect(finished.candidates).toHaveLength(10);
    expect(finished.candidates.every((c) => c.status === 'scored')).toBe(true);
    expect(target.answeredTwice()).toEqual([]);
    // The optimizer's three proposals of a round share one meta-prompt and differ by seed: count (prompt, seed) pairs.
    const helperAsks = helper.requests.filter((r) => r.delivered).map((r) => `${r.body.seed}:${r.prompt}`);
    expect(new Set(helperAsks).size).toBe(helperAsks.length);
    expect(target.delivered()).toBe(80);
  });

  it('warns of the lexical fallback in the dry run and the result, shows a text-only analyzer no image, and refuses zero-shot with nothing to learn from', async () => {
    const { input, helper } = await setUp({ embeddings: false });
    const helperUrl = (await ctx.backend.call('endpoints.list')).find((e) => e.name === 'optimizer')!.baseUrl;
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'reader', baseUrl: helperUrl, model: 'text-helper', kind: 'text' } });
    const plan = await ctx.backend.call('optimizations.plan', input);
    expect(plan.similarity).toBe('lexical');
    expect(plan.warnings).toEqual([expect.stringMatching(/^Similarity is lexical \(shared words\), not the paper's sentence embeddings.*20% of c while optimising and 40% of the final ranking/)]);
    expect(plan.calls.embeddings).toBe(0);
    await expect(ctx.backend.call('optimizations.run', { ...input, zeroShot: true }))
      .rejects.toMatchObject({ message: expect.stringMatching(/zero-shot needs finished optimisations of other tasks/) });
    const textOnly = await ctx.backend.call('optimizations.run', { ...input, analyzer: 'reader', params: { ...input.params, rounds: 1 } });
    expect(textOnly.warnings).toEqual(plan.warnings);
    const analyzerAsks = helper.requests.filter((r) => r.prompt.startsWith('A multimodal model was evaluated'));
    expect(analyzerAsks.length).toBeGreaterThan(0);
    expect(analyzerAsks.every((r) => r.images === 0 && r.body.model === 'text-helper')).toBe(true);
    const done = await ctx.backend.call('optimizations.run', input);
    expect(done.similarity).toBe('lexical');
    const zero = await ctx.backend.call('optimizations.run', { ...input, task: 'odd', zeroShot: true });
    expect(zero.status).toBe('done');
    expect(zero.chosen!.round).toBe(1);
  });
});

async function waitJob(id: string): Promise<string> {
  await until(() => ctx.backend.jobs.get(id)!.status !== 'running');
  return ctx.backend.jobs.get(id)!.status;
}
