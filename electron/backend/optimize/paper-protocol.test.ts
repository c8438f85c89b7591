import { afterEach, describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI, hashedWordEmbedding, type ServerOptions } from '../../../test/openai-server';
import { CAREFUL, helperReply, P0, targetReply } from '../../../test/optimize-fixtures';
import {
  HARD_HAT, HELMET_P0, HELMET_QUESTION, helmetHelper, helmetTarget, seedHelmetDataset, seedMmmuLike, STUBBORN_ASKS, stubbornHelper,
} from '../../../test/tpe-fixtures';
import { cosine } from '@shared/optimize/scoring';
import { questionNumber } from '../../../test/question-numbers';
import { frozenConfig } from './store';

const ctx = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** A target and a helper (optimizer, analyzer and, unless told otherwise, embeddings) on local servers. */
async function endpoints(target: ServerOptions['reply'], helper: ServerOptions['reply'], withEmbeddings = true) {
  const servedTarget = new FakeOpenAI({ reply: target });
  const servedHelper = new FakeOpenAI({ reply: helper, embed: hashedWordEmbedding });
  servers.push(servedTarget, servedHelper);
  const [targetUrl, helperUrl] = [await servedTarget.start(), await servedHelper.start()];
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'target', baseUrl: targetUrl, model: 'vl-7b', concurrency: 4 } });
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'optimizer', baseUrl: helperUrl, model: 'gpt-helper', concurrency: 2 } });
  if (withEmbeddings) await ctx.backend.call('endpoints.save', { endpoint: { name: 'embedder', baseUrl: helperUrl, model: 'bge-small' } });
  return { target: servedTarget, helper: servedHelper, base: { target: 'target', optimizer: 'optimizer', embeddings: withEmbeddings ? 'embedder' : null } };
}

const optimizerAsks = (helper: FakeOpenAI) => helper.requests.filter((r) => r.prompt.startsWith('You improve the prompt'));

describe('TP-Eval as the paper runs it', () => {
  it('customises a task whose items all ask one question by rewriting that question, detected or declared', async () => {
    const datasetId = await seedHelmetDataset(ctx.backend, ctx.dir, 8);
    const { target, helper, base } = await endpoints(helmetTarget, helmetHelper);
    const input = { ...base, datasetId, params: { rounds: 1 } };
    const plan = await ctx.backend.call('optimizations.plan', input);
    expect(plan).toMatchObject({ scope: 'question-template', questionTemplate: HELMET_QUESTION, similarity: 'embeddings', warnings: [] });

    const done = await ctx.backend.call('optimizations.run', input);
    expect(done).toMatchObject({ status: 'done', p0: HELMET_P0, questionTemplate: { text: HELMET_QUESTION, source: 'detected' } });
    const { candidates } = await ctx.backend.call('optimizations.get', { id: done.id });
    expect(candidates.filter((c) => c.round === 1).map((c) => [c.status, c.refused])).toEqual([['scored', []], ['scored', []], ['scored', []]]);
    expect(done.chosen!.prompt).toBe(HARD_HAT);
    expect(done.chosen!.prompt).not.toContain('{question}');
    expect(done.chosen!.accuracy).toBe(1);
    // The target was asked the rewritten question itself, and the optimizer was told it may rewrite it.
    expect(target.requests.some((r) => r.prompt.includes('Question: Is the person wearing a helmet or a hard hat?\nOptions:'))).toBe(true);
    expect(optimizerAsks(helper)[0]!.prompt).toContain('including the question itself');

    const declared = await ctx.backend.call('optimizations.run', { ...input, questionTemplate: HELMET_QUESTION });
    expect(declared.questionTemplate).toEqual({ text: HELMET_QUESTION, source: 'declared' });
    expect(declared.chosen!.prompt).toBe(HARD_HAT);
    expect(declared.roundReports).toEqual([{ round: 1, asked: 3, valid: 3, rejected: 0, reasons: [] }]);
  });

  it('measures similarity by an embeddings endpoint\'s cosine; without one the dry run says so, and lexical is only an opt-in it records', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 16);
    const { helper, base } = await endpoints(targetReply, helperReply, false);
    const input = { ...base, datasetId, params: { rounds: 1 } };
    const plan = await ctx.backend.call('optimizations.plan', input);
    expect(plan.similarity).toBeNull();
    expect(plan.warnings).toEqual([expect.stringMatching(/^No embeddings endpoint is configured, so the optimisation will not start/)]);
    await expect(ctx.backend.call('optimizations.run', input)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/no similarity measure/) });
    await expect(ctx.backend.call('optimizations.start', input)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await ctx.backend.call('optimizations.list', {})).toEqual([]);

    const lexical = { ...input, lexicalSimilarity: true };
    expect(await ctx.backend.call('optimizations.plan', lexical)).toMatchObject({ similarity: 'lexical', warnings: [expect.stringMatching(/^Similarity is lexical/)] });
    const opted = await ctx.backend.call('optimizations.run', lexical);
    expect(opted).toMatchObject({ status: 'done', similarity: 'lexical', warnings: [expect.stringMatching(/^Similarity is lexical/)] });
    expect(helper.embedded).toEqual([]);

    const helperUrl = (await ctx.backend.call('endpoints.list')).find((e) => e.name === 'optimizer')!.baseUrl;
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'embedder', baseUrl: helperUrl, model: 'bge-small' } });
    const embedded = await ctx.backend.call('optimizations.run', { ...input, embeddings: 'embedder' });
    expect(embedded).toMatchObject({ status: 'done', similarity: 'embeddings', warnings: [] });
    const { candidates } = await ctx.backend.call('optimizations.get', { id: embedded.id });
    expect(helper.embedded).toContain(P0);
    for (const c of candidates.filter((x) => x.round > 0)) {
      expect(helper.embedded).toContain(c.prompt);
      expect(c.similarity).toBeCloseTo(cosine(hashedWordEmbedding(c.prompt), hashedWordEmbedding(P0)), 12);
    }
    // Each optimisation keeps the measure it was run with.
    expect((await ctx.backend.call('optimizations.list', {})).map((o) => o.similarity)).toEqual(['embeddings', 'lexical']);
  });

  it('takes MMMU\'s subjects as its tasks, and other datasets\' tasks from a chosen column', async () => {
    const datasetId = await seedMmmuLike(ctx.backend, ctx.dir);
    const { target, base } = await endpoints(targetReply, helperReply);
    const input = { ...base, datasetId, params: { rounds: 1 } };
    expect(await ctx.backend.call('optimizations.tasks', { datasetId })).toEqual({
      taskBy: 'mmmu-subject', tasks: [{ value: 'Art_Theory', count: 6 }, { value: 'Math', count: 6 }],
    });
    expect(await ctx.backend.call('optimizations.tasks', { datasetId, taskBy: 'meta.group' })).toEqual({
      taskBy: 'meta.group', tasks: [{ value: 'early', count: 8 }, { value: 'late', count: 4 }],
    });
    expect(await ctx.backend.call('optimizations.plan', { ...input, task: 'Art_Theory' })).toMatchObject({ taskBy: 'mmmu-subject', fewSize: 3, testSize: 3 });
    await expect(ctx.backend.call('optimizations.plan', { ...input, task: 'Art_Theory', taskBy: 'category' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/"Art_Theory" \(by category\) has no items/) });
    expect(await ctx.backend.call('optimizations.plan', { ...input, task: 'Art History', taskBy: 'category' })).toMatchObject({ fewSize: 3, testSize: 3 });
    expect(await ctx.backend.call('optimizations.plan', { ...input, task: 'late', taskBy: 'meta.group' })).toMatchObject({ taskBy: 'meta.group', fewSize: 2, testSize: 2 });

    const done = await ctx.backend.call('optimizations.run', { ...input, task: 'Math' });
    expect(done).toMatchObject({ status: 'done', task: 'Math', taskBy: 'mmmu-subject', fewSize: 3 });
    // Only Math's few-shot items (the odd questions 1, 5, 9: every other one of 1, 3, 5, 7, 9, 11) were asked.
    expect([...new Set(target.requests.map((r) => questionNumber(r.prompt)))].sort((a, b) => a - b)).toEqual([1, 5, 9]);
  });

  it('ends a round with three valid candidates by re-asking within the round\'s bound, reports each round, and shows every example by default', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 30);
    const { helper, base } = await endpoints(targetReply, stubbornHelper);
    const done = await ctx.backend.call('optimizations.run', { ...base, datasetId, params: { rounds: 2 } });
    const { candidates } = await ctx.backend.call('optimizations.get', { id: done.id });
    expect(candidates.filter((c) => c.round === 1).map((c) => c.status)).toEqual(['scored', 'scored', 'scored']);
    expect(candidates.find((c) => c.round === 1 && c.slot === 0)!.prompt).toBe(CAREFUL);
    const options = 'the prompt must contain {options} exactly once';
    // Round 2's optimizer fails every time: 12 asks (3 slots × 4) in all, then the round ends short and says why.
    expect(done.roundReports).toEqual([
      { round: 1, asked: STUBBORN_ASKS + 3, valid: 3, rejected: STUBBORN_ASKS, reasons: [{ problem: options, count: STUBBORN_ASKS }] },
      { round: 2, asked: 12, valid: 0, rejected: 12, reasons: [{ problem: options, count: 12 }] },
    ]);
    expect(optimizerAsks(helper).filter((r) => Math.floor((r.body.seed ?? 0) / 100) === 2)).toHaveLength(12);

    // The paper caps neither the examples nor the wrong answers: all 15 of D_few are shown, unless capped.
    const examples = (text: string) => text.match(/^\d+\. Question \d+: which shape is marked\? Options: .*Correct answer: [A-D]$/gm)?.length ?? 0;
    const wrongShown = (text: string) => text.match(/^\d+\. Question: Question \d+/gm)?.length ?? 0;
    const p0Introspection = () => helper.requests.filter((r) => r.prompt.startsWith('A multimodal model was evaluated') && r.prompt.includes(`<prompt>${P0}</prompt>`));
    expect(examples(optimizerAsks(helper)[0]!.prompt)).toBe(15);
    expect(wrongShown(p0Introspection()[0]!.prompt)).toBe(15);
    const asked = optimizerAsks(helper).length;
    await ctx.backend.call('optimizations.run', { ...base, datasetId, params: { rounds: 1, maxExamples: 3, maxWrong: 2 } });
    expect(examples(optimizerAsks(helper)[asked]!.prompt)).toBe(3);
    expect(wrongShown(p0Introspection().at(-1)!.prompt)).toBe(2);
  });

  it('reads an optimisation frozen before these settings as it ran: lexical when it had no endpoint, categories, 10 examples and 8 wrong answers', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 16);
    const { base } = await endpoints(targetReply, helperReply, false);
    const done = await ctx.backend.call('optimizations.run', { ...base, datasetId, lexicalSimilarity: true, params: { rounds: 1 } });
    const db = ctx.backend.state.requireProject().db;
    const stored = db.prepare<[number], string>('SELECT config FROM optimizations WHERE id = ?').pluck().get(done.id)!;
    const { similarity: _s, taskBy: _t, params: { maxExamples: _e, maxWrong: _w, ...params }, ...older } = frozenConfig(stored);
    const old = frozenConfig(JSON.stringify({ ...older, params }));
    expect(old).toMatchObject({ similarity: 'lexical', taskBy: 'category', params: { maxExamples: 10, maxWrong: 8 } });
    expect(frozenConfig(JSON.stringify({ ...older, embeddings: 'embedder', params })).similarity).toBe('embeddings');
    expect(frozenConfig(stored)).toMatchObject({ similarity: 'lexical', taskBy: 'category', params: { maxExamples: null, maxWrong: null } });
  });
});
