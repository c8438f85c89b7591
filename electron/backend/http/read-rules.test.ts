import { describe, expect, it } from 'vitest';
import type { Revision, TripletVerdicts } from '@shared/contract';
import { withTeamServer } from '../../../test/http-fixtures';
import { goodDraft } from '../../../test/team-fixtures';
import { sceneFor } from '../../../test/vrp-fixtures';

const t = withTeamServer();
const pass: TripletVerdicts = { perception: { verdict: 'pass', reason: null, comment: '' }, knowledge: { verdict: 'pass', reason: null, comment: '' } };
const flag: TripletVerdicts = { ...pass, knowledge: { verdict: 'problematic', reason: 'wrong_answer', comment: 'the key is wrong' } };

/** Calls a method over HTTP as a user and returns its value, failing the test on a refusal. */
function caller(userId: string) {
  const cookie = () => t.cookie(userId);
  return async <T>(method: string, input: unknown): Promise<T> => {
    const r = await t.post(`api/${method}`, input, cookie());
    const body = JSON.parse(r.text) as { ok: boolean; value: T; error?: unknown };
    if (!body.ok) throw new Error(`${method} as ${userId}: ${JSON.stringify(body.error)}`);
    return body.value;
  };
}

const DRAFT_TEXT = 'What animal is in the picture?';

async function setUp() {
  await t.backend.call('users.add', { name: 'bob', roles: ['annotator'] });
  // ann writes item 0; cat and ann2 check it; bob annotates elsewhere; lea leads and checks nothing here.
  await t.backend.call('assignments.assign', { datasetId: t.datasetId, annotators: ['ann'], checkers: ['cat', 'ann2'], select: { mode: 'count', count: 1 } });
  const item = t.itemIds[0]!;
  const ann = caller('ann');
  const tri = await ann<{ version: number }>('triplets.get', { itemId: item });
  await ann('triplets.save', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
  return item;
}

describe('reads follow the same rules as writes', () => {
  it('keeps a draft its annotator\'s while it is being written, from every method that returns triplet work', async () => {
    const item = await setUp();
    const seesDraft = async (user: string) => {
      const as = caller(user);
      const tri = await as<{ draft: { perception: { text: string } } }>('triplets.get', { itemId: item });
      const history = await as<Revision[]>('triplets.history', { itemId: item });
      const detail = await as<{ questions: { role: string; text: string }[] }>('items.get', { id: item });
      const list = await as<{ rows: { itemId: number; role: string }[] }>('questions.list', { datasetId: t.datasetId, limit: 100 });
      const views = [
        tri.draft.perception.text === DRAFT_TEXT,
        history.some((h) => h.draft?.perception.text === DRAFT_TEXT),
        detail.questions.some((q) => q.role === 'perception'),
        list.rows.some((r) => r.itemId === item && r.role === 'perception'),
      ];
      // Every method answers alike: a rule applied in one place only would show here as a mix.
      expect(new Set(views).size).toBe(1);
      return views[0];
    };
    expect(await seesDraft('ann')).toBe(true);
    expect(await seesDraft('lea')).toBe(true);
    expect(await seesDraft('bob')).toBe(false);
    expect(await seesDraft('cat')).toBe(false);
    const tri = await caller('ann')<{ version: number }>('triplets.get', { itemId: item });
    await caller('ann')('triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    // Submitted: its checkers read it now; another annotator still does not.
    expect(await seesDraft('cat')).toBe(true);
    expect(await seesDraft('bob')).toBe(false);
  });

  it('holds blind review in the history too: no current-round verdict before one\'s own, nor for the annotator', async () => {
    const item = await setUp();
    const tri = await caller('ann')<{ version: number }>('triplets.get', { itemId: item });
    await caller('ann')('triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    await caller('cat')('reviews.submit', { itemId: item, verdicts: flag });
    const verdictsSeenBy = async (user: string) => (await caller(user)<Revision[]>('triplets.history', { itemId: item }))
      .filter((h) => h.action === 'review').map((h) => h.user);
    expect(await verdictsSeenBy('ann2')).toEqual([]);
    expect(await verdictsSeenBy('ann')).toEqual([]);
    expect(await verdictsSeenBy('cat')).toEqual(['cat']);
    expect(await verdictsSeenBy('lea')).toEqual(['cat']);
    await caller('ann2')('reviews.submit', { itemId: item, verdicts: pass });
    // The round is closed: everyone involved sees both.
    expect(await verdictsSeenBy('ann')).toEqual(['ann2', 'cat']);
  });

  it('lets only the item\'s annotator or a lead draw its scene', async () => {
    const item = await setUp();
    const canvasItem = (await t.backend.call('scenes.items', { datasetId: t.datasetId })).find((i) => i.id === item)!;
    const save = (user: string, version: number) => t.post('api/scenes.save', { itemId: item, baseVersion: version, scene: sceneFor(canvasItem) }, t.cookie(user));
    const bob = await save('bob', 0);
    expect(bob.status).toBe(403);
    expect(JSON.parse(bob.text).error.message).toBe('only the item\'s annotator or a lead can draw its scene');
    expect((await save('ann', 0)).status).toBe(200);
    expect((await save('lea', 1)).status).toBe(200);
    // An item nobody annotates is a lead's to draw.
    const other = (await t.backend.call('scenes.items', { datasetId: t.datasetId })).find((i) => i.id === t.itemIds[3])!;
    const unassigned = await t.post('api/scenes.save', { itemId: other.id, baseVersion: 0, scene: sceneFor(other) }, t.cookie('ann'));
    expect(unassigned.status).toBe(403);
  });
});
