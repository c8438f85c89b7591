import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TripletDraft } from '@shared/contract';
import { editShare } from '@shared/domain/provenance';
import { png, withProject } from '../../../../test/fixtures';
import { FakeOpenAI } from '../../../../test/openai-server';
import { as, seedTeam } from '../../../../test/team-fixtures';
import { provenanceCounts } from './provenance';

/**
 * Issue 36 item 3: "Draft with model" asks a vision endpoint (here a real local server speaking the OpenAI protocol)
 * for a perception and a knowledge question; the reply is read strictly, saved as the model's revision, and every
 * later save records how much of the draft a person changed.
 */
const t = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

const modelDraft = {
  perception: { question: 'Which animal stands in the picture?', options: ['a cat', 'a dog', 'a horse'], answer: 'B' },
  knowledge: { question: 'Which of these animals barks?', options: ['dog', 'cat'], answer: 'A' },
};
const asForm = (d: typeof modelDraft): TripletDraft => ({
  perception: { text: d.perception.question, options: d.perception.options, answer: d.perception.answer, rationale: '' },
  knowledge: { text: d.knowledge.question, options: d.knowledge.options, answer: d.knowledge.answer, rationale: '' },
});

async function drafting(reply: () => string) {
  const server = new FakeOpenAI({ reply });
  servers.push(server);
  const url = await server.start();
  t.backend.state.runs.retry = { maxAttempts: 2, maxRateLimited: 5, baseDelayMs: 5, maxDelayMs: 20 };
  await t.backend.call('endpoints.save', { endpoint: { name: 'vision', baseUrl: url, model: 'vl-drafter' } });
  const seeded = await seedTeam(t.backend, t.dir);
  const lea = as(t.backend, 'lea');
  await lea('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 } });
  await lea('drafting.configure', { datasetId: seeded.datasetId, enabled: true, endpoint: 'vision' });
  return { ...seeded, server, lea, ann: as(t.backend, 'ann'), item: seeded.itemIds[0]!, other: seeded.itemIds[1]! };
}

describe('drafting a triplet with a model', () => {
  it('asks with the origin question, the guidelines and the image, and saves the draft as the model\'s revision', async () => {
    const s = await drafting(() => JSON.stringify(modelDraft));
    await s.lea('guidelines.save', { datasetId: s.datasetId, body: 'Never ask about colours.', baseVersion: null });
    const before = await s.ann('triplets.get', { itemId: s.item });
    const drafted = await s.ann('drafting.draft', { itemId: s.item, baseVersion: before.version });
    expect(drafted).toMatchObject({ version: before.version + 1, author: 'model:vision', draft: asForm(modelDraft) });
    const asked = s.server.requests[0]!;
    expect(asked.images).toBe(1);
    expect(asked.prompt).toContain('ORIGINAL question: Question 0: what is shown?');
    expect(asked.prompt).toContain('Never ask about colours.');
    expect(asked.prompt).toMatch(/PERCEPTION question: it asks about the visual content/);
    const tri = await s.ann('triplets.get', { itemId: s.item });
    expect(tri.draft).toEqual(asForm(modelDraft));
    expect(tri.provenance).toMatchObject({ kind: 'drafted_unchanged', editShare: 0, endpoint: 'vision', model: 'vl-drafter' });
    const [save] = await s.ann('triplets.history', { itemId: s.item });
    expect(save).toMatchObject({ user: 'model:vision', action: 'save', note: 'drafted by model vl-drafter (endpoint vision) for ann' });
  });

  it('records the share a person changed; history shows the model, then the person', async () => {
    const s = await drafting(() => JSON.stringify(modelDraft));
    let tri = await s.ann('triplets.get', { itemId: s.item });
    const { version } = await s.ann('drafting.draft', { itemId: s.item, baseVersion: tri.version });
    const edited = asForm(modelDraft);
    edited.knowledge.text = 'Which of these animals usually barks?';
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: version, draft: edited });
    tri = await s.ann('triplets.get', { itemId: s.item });
    // One word added to one question: 1 changed word over the words of both versions of both questions.
    expect(tri.provenance.kind).toBe('drafted_edited');
    expect(tri.provenance.editShare).toBeCloseTo(editShare(asForm(modelDraft), edited), 12);
    expect(tri.provenance.editShare).toBeCloseTo(1 / 57, 12);
    const users = (await s.ann('triplets.history', { itemId: s.item })).filter((h) => h.action === 'save' || h.action === 'submit').map((h) => h.user);
    expect(users).toEqual(['ann', 'ann', 'model:vision']);

    // The other item: drafted and submitted as the model wrote it.
    const other = await s.ann('triplets.get', { itemId: s.other });
    const second = await s.ann('drafting.draft', { itemId: s.other, baseVersion: other.version });
    await s.ann('triplets.submit', { itemId: s.other, baseVersion: second.version, draft: second.draft });
    expect((await s.ann('triplets.get', { itemId: s.other })).provenance).toMatchObject({ kind: 'drafted_unchanged', editShare: 0 });

    const counts = { human: 0, draftedEdited: 1, draftedUnchanged: 1, meanEditShare: (1 / 57) / 2 };
    expect(await s.lea('drafting.provenance', { datasetId: s.datasetId })).toEqual({ ...counts, meanEditShare: expect.closeTo(counts.meanEditShare, 12) });
    expect((await s.lea('team.dashboard', { datasetId: s.datasetId })).provenance).toMatchObject({ draftedEdited: 1, draftedUnchanged: 1, human: 0 });
    expect(provenanceCounts(t.backend.state.requireProject().db, s.datasetId)).toMatchObject({ draftedEdited: 1, draftedUnchanged: 1 });

    const out = join(t.dir, 'out.json');
    const history = join(t.dir, 'history.json');
    await t.backend.call('exports.run', { dataset: 'originals', format: 'mmevalpro', out, reviewHistory: history });
    const rows = JSON.parse(readFileSync(history, 'utf8')) as { provenance: { kind: string; edit_share: number | null; model: string | null } }[];
    expect(rows.map((r) => r.provenance.kind).sort()).toEqual(['drafted_edited', 'drafted_unchanged']);
    expect(rows.every((r) => r.provenance.model === 'vl-drafter')).toBe(true);
  });

  it('counts a triplet written by hand as human-written', async () => {
    const s = await drafting(() => JSON.stringify(modelDraft));
    const tri = await s.ann('triplets.get', { itemId: s.item });
    await s.ann('triplets.save', { itemId: s.item, baseVersion: tri.version, draft: asForm(modelDraft) });
    expect((await s.ann('triplets.get', { itemId: s.item })).provenance).toEqual({ kind: 'human', editShare: null, endpoint: null, model: null, draftedAt: null });
    expect(await s.lea('drafting.provenance', { datasetId: s.datasetId })).toEqual({ human: 1, draftedEdited: 0, draftedUnchanged: 0, meanEditShare: null });
  });
});

describe('what drafting refuses', () => {
  const malformed: [string, string][] = [
    ['prose around the JSON', `Sure! ${JSON.stringify(modelDraft)}`],
    ['a missing knowledge question', JSON.stringify({ perception: modelDraft.perception })],
    ['an answer that is no option', JSON.stringify({ ...modelDraft, knowledge: { ...modelDraft.knowledge, answer: 'D' } })],
    ['an extra key', JSON.stringify({ ...modelDraft, note: 'hi' })],
    ['a copy of the original question', JSON.stringify({ ...modelDraft, perception: { ...modelDraft.perception, question: 'Question 0: what is shown? with a tab' } })],
  ];
  it.each(malformed)('refuses %s with model_reply_invalid, leaving the form and the history as they were', async (_name, reply) => {
    const s = await drafting(() => reply);
    const before = await s.ann('triplets.get', { itemId: s.item });
    await expect(s.ann('drafting.draft', { itemId: s.item, baseVersion: before.version })).rejects.toMatchObject({ code: 'model_reply_invalid' });
    const after = await s.ann('triplets.get', { itemId: s.item });
    expect([after.version, after.draft, after.provenance.kind]).toEqual([before.version, before.draft, 'human']);
    expect((await s.ann('triplets.history', { itemId: s.item })).some((h) => h.user === 'model:vision')).toBe(false);
  });

  it('accepts the JSON inside one fenced block', async () => {
    const s = await drafting(() => `\`\`\`json\n${JSON.stringify(modelDraft)}\n\`\`\``);
    const tri = await s.ann('triplets.get', { itemId: s.item });
    expect((await s.ann('drafting.draft', { itemId: s.item, baseVersion: tri.version })).draft).toEqual(asForm(modelDraft));
  });

  it('refuses a draft where the lead turned drafting off, before asking the model', async () => {
    const s = await drafting(() => JSON.stringify(modelDraft));
    await expect(s.ann('drafting.configure', { datasetId: s.datasetId, enabled: false, endpoint: null })).rejects.toMatchObject({ code: 'forbidden' });
    const off = await s.lea('drafting.configure', { datasetId: s.datasetId, enabled: false, endpoint: 'vision' });
    expect(off).toMatchObject({ enabled: false, endpoint: 'vision', byDefault: false, by: 'lea' });
    const tri = await s.ann('triplets.get', { itemId: s.item });
    await expect(s.ann('drafting.draft', { itemId: s.item, baseVersion: tri.version })).rejects.toMatchObject({ code: 'drafting_off' });
    await s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: null });
    await expect(s.ann('drafting.draft', { itemId: s.item, baseVersion: tri.version })).rejects.toMatchObject({ code: 'drafting_off' });
    expect(s.server.requests).toHaveLength(0);
    await expect(s.lea('drafting.configure', { datasetId: s.datasetId, enabled: true, endpoint: 'nowhere' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses someone who may not edit the triplet, and a draft based on an older version', async () => {
    const s = await drafting(() => JSON.stringify(modelDraft));
    const tri = await s.ann('triplets.get', { itemId: s.item });
    await expect(as(t.backend, 'cat')('drafting.draft', { itemId: s.item, baseVersion: tri.version })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(s.ann('drafting.draft', { itemId: s.item, baseVersion: tri.version - 1 })).rejects.toMatchObject({ code: 'conflict' });
    expect(s.server.requests).toHaveLength(0);
  });

  it('is off by default for a dataset imported as MMEvalPro triplets, on (with no endpoint) for others', async () => {
    const rows = ['Origin', 'Perception', 'Knowledge'].map((evalType, index) => ({
      index, triplet_id: 1, question: `${evalType} question`, choices: ['one', 'two'], answer: 'A', image: png(9, 7, '#204060').toString('base64'),
      source: 'MMMU', question_category: 'math', eval_type: evalType,
    }));
    const file = join(t.dir, 'mmevalpro.json');
    writeFileSync(file, JSON.stringify(rows));
    const { datasetId } = await t.backend.call('imports.run', { files: [file], dataset: 'faithful' });
    expect(await t.backend.call('drafting.settings', { datasetId })).toEqual({ enabled: false, endpoint: null, byDefault: true, by: null, at: null, checkBeforeSubmit: false });
    const seeded = await seedTeam(t.backend, t.dir);
    expect(await t.backend.call('drafting.settings', { datasetId: seeded.datasetId })).toMatchObject({ enabled: true, endpoint: null, byDefault: true });
  });
});
