import { afterEach, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../../../test/openai-server';
import { withProject } from '../../../test/fixtures';
import { seedPictures } from '../../../test/vrp-fixtures';
import type { RunConfigInput } from '@shared/contract';
import type { ProjectContext } from '../../../test/fixtures';

/**
 * VRPTest's protocol (issue 35 item 3, METHODS §6.6): repeated trials scored by majority vote, and the best of up to
 * four prompt templates per model, against a local server whose answers depend on the template and vary by trial.
 */

/** The question's number in "What is inside the marked region N?" (seedPictures). */
const questionOf = (prompt: string) => Number(/marked region (\d+)\?/.exec(prompt)?.[1] ?? -1);

/**
 * Per question, the reply of trial 1..5: the gold is A. "?" is a reply nothing can be read from. By hand:
 * q0 A×3 (3/5, right; the first trial alone is wrong), q1 B×3 (3/5, wrong), q2 A×5 (5/5, right),
 * q3 A×2, ?×2, B×1: a tie between A and "no answer", broken by the earliest trial, A (2/5, right).
 * Majority accuracy 3/4 = 75%; first trial alone 2/4 = 50%; mean agreement (0.6 + 0.6 + 1 + 0.4) / 4 = 0.65.
 */
/** Starts a run and waits until it has settled; its id. */
async function settledRun(t: ProjectContext, input: RunConfigInput): Promise<number> {
  const { runId } = await t.backend.call('runs.start', input);
  await t.backend.state.runs.settled(runId);
  return runId;
}

const SCRIPT = [['B', 'A', 'A', 'A', 'B'], ['B', 'B', 'A', 'B', 'A'], ['A', 'A', 'A', 'A', 'A'], ['A', 'no idea', 'no idea', 'A', 'B']];

describe('VRPTest repeated trials with majority vote', () => {
  const t = withProject();
  const servers: FakeOpenAI[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });

  async function endpoint(reply: (prompt: string, attempt: number) => string): Promise<FakeOpenAI> {
    const model = new FakeOpenAI({ reply: (prompt, _body, attempt) => reply(prompt, attempt) });
    servers.push(model);
    await t.backend.call('endpoints.save', { endpoint: { name: 'web', baseUrl: await model.start(), model: 'web-vl', concurrency: 1 } });
    return model;
  }

  const runToEnd = async (input: RunConfigInput) => t.backend.call('runs.get', { id: await settledRun(t, input) });

  it('asks each question N times, scores the majority answer and reports the spread as computed by hand', async () => {
    await seedPictures(t.backend, t.dir, 4);
    const datasetId = (await t.backend.call('datasets.list')).find((d) => d.name === 'pictures')!.id;
    const model = await endpoint((prompt, attempt) => SCRIPT[questionOf(prompt)]![attempt - 1]!);
    const run = await runToEnd({ datasetId, model: 'web', trials: 5 });
    expect(run).toMatchObject({ status: 'done', trials: 5, units: 20, answered: 20 });
    expect(model.requests).toHaveLength(20);

    const report = await t.backend.call('reports.run', { id: run.id });
    expect(report.accuracy.overall).toMatchObject({ n: 4, correct: 3, accuracy: 75 });
    const panel = report.trials!;
    expect(panel).toMatchObject({
      trials: 5, voted: 4, unanimous: 1, ties: 1,
      majority: { n: 4, correct: 3, accuracy: 75 }, firstTrial: { n: 4, correct: 2, accuracy: 50 },
      byAgreement: { '3/5': 2, '5/5': 1, '2/5': 1 }, splitCount: 3,
    });
    expect(panel.meanAgreement).toBeCloseTo(0.65, 10);
    const [first, ...rest] = panel.split;
    expect(first).toMatchObject({ extId: '3', majority: 'A', agreeing: 2, tie: true, votes: { 'A': 2, '∅': 2, 'B': 1 } });
    expect(rest.map((s) => [s.extId, s.majority, s.agreeing, s.tie])).toEqual([['0', 'A', 3, false], ['1', 'B', 3, false]]);

    // The same configuration again is read from the cache, trial by trial: nothing is asked and the vote is the same.
    const plan = await t.backend.call('runs.plan', { datasetId, model: 'web', trials: 5 });
    expect(plan).toMatchObject({ requests: 20, fromCache: 20, toAsk: 0 });
    const again = await runToEnd({ datasetId, model: 'web', trials: 5, name: 'again' });
    expect(model.requests).toHaveLength(20);
    expect((await t.backend.call('reports.run', { id: again.id })).accuracy.overall).toMatchObject({ n: 4, correct: 3 });
  });

  it('refuses trials with CircularEval and for a person, and keeps one trial the default', async () => {
    await seedPictures(t.backend, t.dir, 2);
    const datasetId = (await t.backend.call('datasets.list')).find((d) => d.name === 'pictures')!.id;
    await endpoint(() => 'A');
    await expect(t.backend.call('runs.start', { datasetId, model: 'web', trials: 3, circular: true })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(t.backend.call('runs.start', { datasetId, model: 'human', trials: 3 })).rejects.toMatchObject({ code: 'invalid_input' });
    const plain = await runToEnd({ datasetId, model: 'web' });
    expect(plain).toMatchObject({ trials: 1, units: 2 });
    expect((await t.backend.call('reports.run', { id: plain.id })).trials).toBeNull();
  });
});

/**
 * Which questions (by number) a model gets right under each template, told apart by the template's own words: the
 * model reads MMMU's wording best. By hand: MMMU 4/4, lmms-eval 3/4, VLMEvalKit 2/4, MMEvalPro 1/4.
 */
const RIGHT_UNDER: [RegExp, number][] = [[/^What is inside the marked region \d\?\n\n\(A\)/, 4], [/There are several options:/, 3], [/Please select the correct answer/, 2], [/^Analyse the image/, 1]];
const byTemplate = (prompt: string) => (questionOf(prompt) < (RIGHT_UNDER.find(([words]) => words.test(prompt))?.[1] ?? 0) ? 'A' : 'B');

describe('VRPTest best of up to four prompt templates', () => {
  const t = withProject();
  const servers: FakeOpenAI[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });

  async function setUp(): Promise<number> {
    await seedPictures(t.backend, t.dir, 4);
    const model = new FakeOpenAI({ reply: byTemplate });
    servers.push(model);
    await t.backend.call('endpoints.save', { endpoint: { name: 'web', baseUrl: await model.start(), model: 'web-vl', concurrency: 1 } });
    return (await t.backend.call('datasets.list')).find((d) => d.name === 'pictures')!.id;
  }

  const runOf = (input: RunConfigInput) => settledRun(t, input);

  it('names the best template per model with every template\'s accuracy, ties going to the template listed first', async () => {
    const datasetId = await setUp();
    const ids: number[] = [];
    for (const templateId of ['vlmevalkit-mcq', 'mmevalpro-lmm', 'mmmu', 'lmms-eval-mmbench']) ids.push(await runOf({ datasetId, model: 'web', templateId }));
    const sweep = await t.backend.call('reports.templates', { runIds: ids });
    expect(sweep.notes).toEqual([]);
    expect(sweep.models).toHaveLength(1);
    const [m] = sweep.models;
    expect(m!.best).toMatchObject({ runId: ids[2], templateName: 'MMMU', accuracy: { n: 4, correct: 4, accuracy: 100 } });
    expect(m!.templates.map((e) => [e.templateName, e.accuracy.correct])).toEqual([['VLMEvalKit MCQ', 2], ['MMEvalPro (LMM)', 1], ['MMMU', 4], ['lmms-eval MMBench', 3]]);

    // Without MMMU, lmms-eval is best; a template that ties with an earlier one does not displace it.
    const edited = await runOf({ datasetId, model: 'web', template: { ...(await t.backend.call('runs.templates')).find((p) => p.id === 'vlmevalkit-mcq')!, id: 'copy', name: 'VLMEvalKit, renamed', optionJoin: '\n\n' } });
    const tie = await t.backend.call('reports.templates', { runIds: [ids[0]!, edited, ids[3]!] });
    expect(tie.models[0]!.best).toMatchObject({ runId: ids[3], templateName: 'lmms-eval MMBench' });
    const first = await t.backend.call('reports.templates', { runIds: [edited, ids[0]!] });
    expect(first.models[0]!.best).toMatchObject({ runId: edited });
  });

  it('refuses runs that differ in more than the template, and names no best while a run is unfinished', async () => {
    const datasetId = await setUp();
    const plain = await runOf({ datasetId, model: 'web', templateId: 'mmmu' });
    const fewer = await runOf({ datasetId, model: 'web', templateId: 'vlmevalkit-mcq', limit: 2 });
    await expect(t.backend.call('reports.templates', { runIds: [plain, fewer] })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/asked other questions/) });
    const again = await runOf({ datasetId, model: 'web', templateId: 'mmmu', name: 'again' });
    await expect(t.backend.call('reports.templates', { runIds: [plain, again] })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/two runs of the template "MMMU"/) });
    const voted = await runOf({ datasetId, model: 'web', templateId: 'vlmevalkit-mcq', trials: 3 });
    await expect(t.backend.call('reports.templates', { runIds: [plain, voted] })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/repeated trials/) });

    servers[0]!.configure({ fault: (prompt) => (questionOf(prompt) === 3 && /several options/.test(prompt) ? { kind: '401' } : { kind: 'ok' }) });
    const broken = await runOf({ datasetId, model: 'web', templateId: 'lmms-eval-mmbench' });
    const sweep = await t.backend.call('reports.templates', { runIds: [plain, broken] });
    expect(sweep.models[0]!.best).toBeNull();
    expect(sweep.notes).toEqual([expect.stringMatching(new RegExp(`run ${broken} \\(web-vl, lmms-eval MMBench\\) has 1 questions? not scored`))]);
  });
});
