import { afterEach, describe, expect, it } from 'vitest';
import type { TripletDraft } from '@shared/contract';
import { projectDb, until, withProject } from '../../../../test/fixtures';
import { FakeOpenAI } from '../../../../test/openai-server';
import { as, goodDraft, seedTeam } from '../../../../test/team-fixtures';

/**
 * Issue 36 item 3's last sentence: where a lead asks for it, a model-drafted triplet is checked without the image
 * (the text-only models of the dataset's visual-dependency check, real local servers speaking the OpenAI protocol)
 * before it can be submitted. The text-only models below know the drafted perception question without the image
 * (its gold answer is B) and not the knowledge one.
 */
const t = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

const PERCEPTION = 'Which animal stands in the picture?';
const REVISED = 'Which animal stands left of the fence in the picture?';
const modelDraft = {
  perception: { question: PERCEPTION, options: ['a cat', 'a dog', 'a horse'], answer: 'B' },
  knowledge: { question: 'Which of these animals barks?', options: ['dog', 'cat'], answer: 'A' },
};
/** A text-only model: right (B) on the drafted perception question as first written, wrong on anything else. */
const blindReply = (prompt: string) => (prompt.includes(PERCEPTION) ? 'B' : 'C');

async function server(name: string, reply: (prompt: string) => string, kind: 'text' | 'vision'): Promise<FakeOpenAI> {
  const s = new FakeOpenAI({ reply });
  servers.push(s);
  const baseUrl = await s.start();
  await t.backend.call('endpoints.save', { endpoint: { name, baseUrl, model: `${name}-llm`, kind } });
  return s;
}

async function finished(jobId: string): Promise<void> {
  await until(() => t.backend.jobs.get(jobId)?.status !== 'running');
  expect(t.backend.jobs.get(jobId)).toMatchObject({ status: 'done', error: null });
}

/** Two text-only models, a drafting vision model, a seeded team with drafting on, and (unless `panel` is false) a dataset check. */
async function setUp(panel = true) {
  const m1 = await server('m1', blindReply, 'text');
  const m2 = await server('m2', blindReply, 'text');
  await server('vision', () => JSON.stringify(modelDraft), 'vision');
  const seeded = await seedTeam(t.backend, t.dir);
  const lea = as(t.backend, 'lea');
  const ann = as(t.backend, 'ann');
  await lea('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 3 } });
  await lea('drafting.configure', { datasetId: seeded.datasetId, enabled: true, endpoint: 'vision' });
  if (panel) await finished((await lea('quality.checkVisual', { datasetId: seeded.datasetId, textOnly: ['m1', 'm2'] })).jobId);
  const draft = async (itemId: number) => {
    const tri = await ann('triplets.get', { itemId });
    return ann('drafting.draft', { itemId, baseVersion: tri.version });
  };
  const check = async (itemId: number) => finished((await ann('drafting.checkDraft', { itemId })).jobId);
  const submit = (itemId: number, baseVersion: number, d: TripletDraft) => ann('triplets.submit', { itemId, baseVersion, draft: d });
  return { ...seeded, m1, m2, lea, ann, draft, check, submit };
}

describe('checking model drafts before submission (issue 36 item 3)', () => {
  it('refuses a drafted triplet until checked, then while its perception question is answerable blind; a revision is asked again', async () => {
    const s = await setUp();
    // The dataset check asked each model the four origin questions.
    expect([s.m1.delivered(), s.m2.delivered()]).toEqual([4, 4]);
    const on = await s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'vision', checkBeforeSubmit: true });
    expect(on).toMatchObject({ enabled: true, checkBeforeSubmit: true, by: 'lea' });
    const history = projectDb(t.backend).prepare<[string], { action: string; user_id: string }>(
      "SELECT action, user_id FROM revisions WHERE entity = 'dataset' AND entity_id = ? AND action LIKE 'draft%' ORDER BY id").all(String(s.datasetId));
    expect(history).toEqual([{ action: 'drafting-on', user_id: 'lea' }, { action: 'drafting-on', user_id: 'lea' }, { action: 'draft-check-on', user_id: 'lea' }]);
    const item = s.itemIds[0]!;
    const drafted = await s.draft(item);
    await expect(s.submit(item, drafted.version, drafted.draft)).rejects.toMatchObject({ code: 'visual_check_needed' });

    await s.check(item);
    // The draft's perception and knowledge questions were asked; the origin question was answered by the response cache.
    expect([s.m1.delivered(), s.m2.delivered()]).toEqual([6, 6]);
    expect(s.m1.requests.slice(4).every((r) => r.images === 0)).toBe(true);
    // An unchanged draft asks nothing the second time.
    await s.check(item);
    expect([s.m1.delivered(), s.m2.delivered()]).toEqual([6, 6]);
    const flags = await s.ann('quality.visualItem', { itemId: item });
    expect(flags.questions.filter((q) => q.blind).map((q) => `${q.role} ${q.blindRight}/${q.blindAsked}`)).toEqual(['perception 2/2']);
    const blind = s.submit(item, drafted.version, drafted.draft);
    await expect(blind).rejects.toMatchObject({ code: 'answerable_without_image' });
    await expect(blind).rejects.toThrow(/the perception question is answerable without the image/);
    // Nothing of the refused submission was kept: the triplet is still the model's draft, not submitted.
    expect(await s.ann('triplets.get', { itemId: item })).toMatchObject({ version: drafted.version, status: 'annotating' });

    const revised: TripletDraft = { ...drafted.draft, perception: { ...drafted.draft.perception, text: REVISED } };
    await expect(s.submit(item, drafted.version, revised)).rejects.toThrow(/the perception question has not been checked as it now reads/);
    const saved = await s.ann('triplets.save', { itemId: item, baseVersion: drafted.version, draft: revised });
    await s.check(item);
    // Only the revised perception question was asked again; the unchanged knowledge question was not.
    expect([s.m1.delivered(), s.m2.delivered()]).toEqual([7, 7]);
    expect(s.m1.requests.at(-1)!.prompt).toContain(REVISED);
    expect(await s.submit(item, saved.version, revised)).toMatchObject({ status: 'submitted' });
  });

  it('lets human-written triplets, and drafts where the switch is off, submit as before', async () => {
    const s = await setUp();
    await s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'vision', checkBeforeSubmit: true });
    const human = s.itemIds[1]!;
    const tri = await s.ann('triplets.get', { itemId: human });
    expect(await s.submit(human, tri.version, goodDraft())).toMatchObject({ status: 'submitted' });

    // Saving drafting settings without naming the check keeps it on; turning it off lets a draft through unchecked.
    expect(await s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'vision' })).toMatchObject({ checkBeforeSubmit: true });
    const item = s.itemIds[0]!;
    const drafted = await s.draft(item);
    await expect(s.submit(item, drafted.version, drafted.draft)).rejects.toMatchObject({ code: 'visual_check_needed' });
    await s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'vision', checkBeforeSubmit: false });
    await expect(s.ann('drafting.checkDraft', { itemId: item })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await s.submit(item, drafted.version, drafted.draft)).toMatchObject({ status: 'submitted' });
    expect([s.m1.delivered(), s.m2.delivered()]).toEqual([4, 4]);
  });

  it('refuses to turn the check on before the dataset has a visual-dependency check to use', async () => {
    const s = await setUp(false);
    const refused = s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'vision', checkBeforeSubmit: true });
    await expect(refused).rejects.toMatchObject({ code: 'visual_check_needed' });
    await expect(refused).rejects.toThrow(/run one from this dataset's quality page/);
    expect(await s.lea('drafting.settings', { datasetId: s.datasetId })).toMatchObject({ checkBeforeSubmit: false });
    await expect(s.ann('drafting.checkDraft', { itemId: s.itemIds[0]! })).rejects.toMatchObject({ code: 'forbidden' });
    // An annotator may not set it either.
    await expect(s.ann('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'vision', checkBeforeSubmit: true }))
      .rejects.toMatchObject({ code: 'forbidden' });
  });
});
