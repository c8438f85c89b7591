import { afterEach, describe, expect, it } from 'vitest';
import { until, withProject } from '../../../test/fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { as } from '../../../test/team-fixtures';
import { knowingReply, writeTriplets } from '../../../test/visual-fixtures';
import type { RunConfigInput, VisualCheckInput } from '@shared/contract';

/**
 * Issue 36 item 1, "or uses runs that already exist": runs made the ordinary way (images off, or on) count as their
 * endpoints' readings, for the questions not revised since, without asking the models again.
 */

const t = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** A local model server answering as `knowingReply`, saved as an ordinary (vision) endpoint `name`. */
async function model(name: string, knows: string[]): Promise<FakeOpenAI> {
  const server = new FakeOpenAI({ reply: knowingReply(knows) });
  servers.push(server);
  await t.backend.call('endpoints.save', { endpoint: { name, baseUrl: await server.start(), model: `${name}-llm` } });
  return server;
}

async function importTriplets(name = 'triplets'): Promise<number> {
  return (await t.backend.call('imports.run', { files: [writeTriplets(t.dir, `${name}.json`)], dataset: name })).datasetId;
}

/** An ordinary run, awaited to its end. */
async function run(input: RunConfigInput): Promise<number> {
  const { runId } = await t.backend.call('runs.start', input);
  await until(async () => (await t.backend.call('runs.get', { id: runId })).status === 'done');
  return runId;
}

async function check(input: VisualCheckInput) {
  const started = await t.backend.call('quality.checkVisual', input);
  await until(() => t.backend.jobs.get(started.jobId)?.status !== 'running');
  expect(t.backend.jobs.get(started.jobId)).toMatchObject({ status: 'done', error: null });
  return { started, results: await t.backend.call('quality.visual', { datasetId: input.datasetId }) };
}

type Results = Awaited<ReturnType<typeof check>>['results'];
const counted = (r: Results) => r.questions.map((q) => `${q.extId}/${q.role} ${q.blindRight}/${q.blindAsked}${q.blind ? ' blind' : ''} ${q.visionRight}/${q.visionAsked}`);

describe('the visual-dependency check over runs that already exist', () => {
  it('counts no-image runs as text-only readings and an image run as a vision one, asking nobody', async () => {
    const datasetId = await importTriplets();
    const m1 = await model('m1', ['T1 Origin', 'T1 Perception', 'T2 Origin', 'T3 Knowledge']);
    const m2 = await model('m2', ['T1 Origin', 'T2 Origin']);
    const v = await model('v', ['T1 Origin', 'T1 Perception', 'T1 Knowledge', 'T2 Origin']);
    const r1 = await run({ datasetId, model: 'm1', images: false });
    const r2 = await run({ datasetId, model: 'm2', images: false, templateId: 'mmevalpro-llm' });
    const r3 = await run({ datasetId, model: 'v' });
    const asked = [m1, m2, v].map((s) => s.delivered());
    expect(asked).toEqual([12, 12, 12]);

    const { started, results } = await check({ datasetId, runs: [r1, r2, r3] });
    expect([m1, m2, v].map((s) => s.delivered())).toEqual(asked);
    expect(started.fromRuns.map((r) => [r.runId, r.model, r.images, r.template, r.taken, r.stale, r.superseded])).toEqual([
      [r1, 'm1', false, 'VLMEvalKit MCQ', 12, 0, 0], [r2, 'm2', false, 'MMEvalPro (LLM, text only)', 12, 0, 0], [r3, 'v', true, 'VLMEvalKit MCQ', 12, 0, 0],
    ]);
    // Two text-only models, MMStar's share: more than half, that is one or more right, flags.
    expect(counted(results)).toEqual([
      '1/origin 2/2 blind 1/1', '1/perception 1/2 blind 1/1', '1/knowledge 0/2 1/1',
      '2/origin 2/2 blind 1/1', '2/perception 0/2 0/1', '2/knowledge 0/2 0/1',
      '3/origin 0/2 0/1', '3/perception 0/2 0/1', '3/knowledge 1/2 blind 0/1',
      '4/origin 0/2 0/1', '4/perception 0/2 0/1', '4/knowledge 0/2 0/1',
    ]);
    expect([results.textOnly, results.vision]).toEqual([['m1', 'm2'], ['v']]);
    expect(results.models).toEqual([
      { model: 'm1', images: false, templates: ['VLMEvalKit MCQ'] }, { model: 'm2', images: false, templates: ['MMEvalPro (LLM, text only)'] },
      { model: 'v', images: true, templates: ['VLMEvalKit MCQ'] },
    ]);

    // The same runs ticked with their endpoints asked too: every question has a current reading, so nothing is asked.
    await check({ datasetId, textOnly: ['m1', 'm2'], vision: ['v'], runs: [r1, r2, r3] });
    expect([m1, m2, v].map((s) => s.delivered())).toEqual(asked);
  });

  it('counts an answer only while its question stands as it was asked, and the newest reading of one endpoint wins', async () => {
    const datasetId = await importTriplets();
    const m1 = await model('m1', ['T1 Origin', 'T3 Knowledge']);
    const r1 = await run({ datasetId, model: 'm1', images: false });
    // Triplet 3 is revised after the run, by its annotator, as the team workflow does.
    for (const [name, roles] of [['lea', ['lead']], ['ann', ['annotator']], ['cat', ['checker']], ['cy', ['checker']]] as const) {
      await t.backend.call('users.add', { name, roles: [...roles] });
    }
    const item = await itemOf(datasetId, '3');
    await as(t.backend, 'lea')('assignments.assign', { datasetId, annotators: ['ann'], checkers: ['cat', 'cy'], select: { mode: 'items', itemIds: [item] } });
    const ann = as(t.backend, 'ann');
    const { version } = await ann('triplets.get', { itemId: item });
    const draft = (text: string) => ({ text, options: ['one', 'two', 'three'], answer: 'B', rationale: '' });
    // Its knowledge question's text changes (and the save writes its unchanged perception question too).
    await ann('triplets.save', {
      itemId: item, baseVersion: version,
      draft: { perception: draft('Perception question of triplet 3'), knowledge: draft('Knowledge question of triplet 3, revised') },
    });
    const { started, results } = await check({ datasetId, runs: [r1] });
    expect(started.fromRuns.map((r) => [r.taken, r.stale])).toEqual([[10, 2]]);
    expect(counted(results).filter((q) => q.startsWith('3/'))).toEqual(['3/origin 0/1 0/0']);
    expect(results.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role}`)).toEqual(['1/origin']);
    expect(m1.delivered()).toBe(12);

    // A second run of the same endpoint, newer, with another template (so its replies are not the first run's, cached).
    m1.configure({ reply: knowingReply(['T2 Origin']) });
    const r2 = await run({ datasetId, model: 'm1', images: false, templateId: 'mmevalpro-llm' });
    const both = await check({ datasetId, runs: [r2, r1] });
    // (Triplet 3's drafts are being written now, so an ordinary run leaves them out: 10 questions.)
    expect(both.started.fromRuns.map((r) => [r.runId, r.taken, r.stale, r.superseded])).toEqual([[r2, 10, 0, 0], [r1, 0, 2, 10]]);
    expect(both.results.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role}`)).toEqual(['2/origin']);
    expect(both.results.models).toEqual([{ model: 'm1', images: false, templates: ['MMEvalPro (LLM, text only)'] }]);
    // Ticking the older run again later changes nothing: the newer reading stands.
    const again = await check({ datasetId, runs: [r1] });
    expect(again.started.fromRuns.map((r) => [r.taken, r.superseded])).toEqual([[0, 10]]);
    expect(again.results.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role}`)).toEqual(['2/origin']);
  });

  it('asks an endpoint also ticked as a run only the questions its run left without a reading', async () => {
    const datasetId = await importTriplets();
    const m1 = await model('m1', ['T1 Origin', 'T4 Origin']);
    const [first, second] = [await itemOf(datasetId, '1'), await itemOf(datasetId, '2')];
    const partial = await run({ datasetId, model: 'm1', images: false, filter: { itemIds: [first, second] } });
    expect(m1.delivered()).toBe(6);
    const { started, results } = await check({ datasetId, textOnly: ['m1'], runs: [partial] });
    expect(started.fromRuns.map((r) => r.taken)).toEqual([6]);
    // Triplets 3 and 4 only, with MMStar's 2-shot template (six messages).
    expect(m1.delivered()).toBe(12);
    expect(m1.requests.slice(6).map((r) => /question of triplet (\d)/.exec(r.prompt)?.[1]).sort()).toEqual(['3', '3', '3', '4', '4', '4']);
    expect(m1.requests.slice(6).every((r) => r.body.messages.length === 6)).toBe(true);
    expect(results.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role}`)).toEqual(['1/origin', '4/origin']);
    expect(results.models).toEqual([{ model: 'm1', images: false, templates: ['MMStar (text-only LLM, 2-shot, for S_t)', 'VLMEvalKit MCQ'] }]);
  });

  it('counts a CircularEval run by its first pass, the question in its own option order', async () => {
    const datasetId = await importTriplets();
    const m1 = await model('m1', ['T1 Origin', 'T2 Knowledge']);
    const circular = await run({ datasetId, model: 'm1', images: false, circular: true });
    // Three options, three passes each; the rotated passes move the gold off B, so they score the model wrong.
    expect(m1.delivered()).toBe(36);
    const { started, results } = await check({ datasetId, runs: [circular] });
    expect(started.fromRuns.map((r) => [r.taken, r.stale])).toEqual([[12, 0]]);
    expect(results.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role} ${q.blindRight}/${q.blindAsked}`)).toEqual(['1/origin 1/1', '2/knowledge 1/1']);
    expect(m1.delivered()).toBe(36);
  });

  it('refuses, with its code, a run of another dataset, one still running, a random baseline, and a check with no text-only model', async () => {
    const datasetId = await importTriplets();
    const other = await importTriplets('other');
    const m1 = await model('m1', ['T1 Origin']);
    const elsewhere = await run({ datasetId: other, model: 'm1', images: false });
    const random = await run({ datasetId, model: 'random-guess' });
    const seeing = await run({ datasetId, model: 'm1' });
    const refused = (input: VisualCheckInput) => t.backend.call('quality.checkVisual', input).then(() => null, (e: { code: string; message: string }) => e);
    expect(await refused({ datasetId, runs: [elsewhere] })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('is of dataset "other"') });
    expect(await refused({ datasetId, runs: [random] })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('random-guess baseline') });
    expect(await refused({ datasetId, runs: [seeing] })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('needs a text-only model') });
    expect(await refused({ datasetId, runs: [999] })).toMatchObject({ code: 'not_found' });

    m1.hold();
    const { runId: running } = await t.backend.call('runs.start', { datasetId, model: 'm1', images: false, templateId: 'mmevalpro-llm' });
    await until(() => m1.waiting() > 0);
    expect(await refused({ datasetId, runs: [running] })).toMatchObject({ code: 'conflict', message: expect.stringContaining('is still running') });
    m1.release();
    await until(async () => (await t.backend.call('runs.get', { id: running })).status === 'done');
    // Nothing refused was kept: no panel, no reading.
    expect(await t.backend.call('quality.visual', { datasetId })).toMatchObject({ textOnly: [], vision: [], questions: [] });
  });
});

async function itemOf(datasetId: number, extId: string): Promise<number> {
  const { rows } = await t.backend.call('questions.list', { datasetId });
  return rows.find((r) => r.extId === extId)!.itemId;
}
