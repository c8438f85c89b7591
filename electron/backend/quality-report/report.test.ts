import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TripletVerdicts } from '@shared/contract';
import { withProject } from '../../../test/fixtures';
import { as, goodDraft } from '../../../test/team-fixtures';
import { distinctImage, variantOf, writeImageJsonl, type ImageLine } from '../../../test/near-duplicate-images';

const t = withProject();

async function importLines(name: string, lines: ImageLine[]): Promise<number> {
  const file = writeImageJsonl(join(t.dir, `${name}.jsonl`), lines);
  return (await t.backend.call('imports.run', { files: [file], dataset: name })).datasetId;
}

/** P = Pass, X = Problematic, as the fixture's sklearn script spells them. */
const verdict = (v: string) => (v === 'P' ? { verdict: 'pass' as const, reason: null, comment: '' } : { verdict: 'problematic' as const, reason: 'wrong_answer' as const, comment: '' });
const verdicts = (perception: string, knowledge: string): TripletVerdicts => ({ perception: verdict(perception), knowledge: verdict(knowledge) });

const kappaFixture = z.object({
  perception: z.object({ a: z.array(z.string()), b: z.array(z.string()), kappa: z.number() }),
  knowledge: z.object({ a: z.array(z.string()), b: z.array(z.string()), kappa: z.number() }),
  overall: z.object({ kappa: z.number() }),
}).parse(JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/quality/agreement-kappa.json'), 'utf8')));

/**
 * "bench": seven distinct pictures o1–o7, a re-encoded copy of o1 (c1: a group within the dataset) and a question
 * repeating o3's text on o3's image (x3); "other": o2's picture byte for byte (a group across datasets). Six triplets
 * of bench are submitted and judged by cat and lea with the fixture's verdicts; a seventh has one verdict only.
 */
async function seed() {
  const o = [1, 2, 3, 4, 5, 6, 7].map((s) => distinctImage(40 + s));
  const bench = await importLines('bench', [
    ...o.map((image, i) => ({ id: `o${i + 1}`, question: `What is in picture ${i + 1}?`, image })),
    { id: 'c1', question: 'Copy one?', image: await variantOf(o[0]!, 'jpeg') },
    { id: 'x3', question: 'what is in picture 3', image: o[2]! },
  ]);
  await importLines('other', [{ id: 'n2', question: 'Reused?', image: o[1]! }]);
  for (const [name, roles] of [['lea', ['lead', 'checker']], ['cat', ['checker']], ['ann', ['annotator']]] as const) {
    await t.backend.call('users.add', { name, roles: [...roles] });
  }
  const rows = (await t.backend.call('questions.list', { datasetId: bench })).rows;
  const itemIds = rows.slice(0, 7).map((r) => r.itemId);
  const [lea, cat, ann] = [as(t.backend, 'lea'), as(t.backend, 'cat'), as(t.backend, 'ann')];
  await lea('assignments.assign', { datasetId: bench, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'items', itemIds } });
  for (const [k, itemId] of itemIds.entries()) {
    const tri = await ann('triplets.get', { itemId });
    await ann('triplets.submit', { itemId, baseVersion: tri.version, draft: goodDraft(` #${k}`) });
  }
  const { perception: p, knowledge: kn } = kappaFixture;
  for (let k = 0; k < 6; k++) {
    await cat('reviews.submit', { itemId: itemIds[k]!, verdicts: verdicts(p.a[k]!, kn.a[k]!) });
    await lea('reviews.submit', { itemId: itemIds[k]!, verdicts: verdicts(p.b[k]!, kn.b[k]!) });
  }
  await cat('reviews.submit', { itemId: itemIds[6]!, verdicts: verdicts('X', 'X') });
  return { bench };
}

describe('quality report', () => {
  it('gives checker agreement per role: raw share and Cohen\'s kappa, as computed by hand and by scikit-learn', async () => {
    const { bench } = await seed();
    const { agreement } = await t.backend.call('quality.report', { datasetId: bench });
    // By hand, rater a = cat, b = lea, over the six rounds both finished (the seventh has one verdict):
    // perception: agree 4/6; a and b each say Pass 4 times: p_e = (4/6)(4/6) + (2/6)(2/6) = 5/9; κ = (2/3 − 5/9)/(4/9) = 1/4.
    // knowledge: agree 5/6; a Pass 4, b Pass 3: p_e = (4/6)(3/6) + (2/6)(3/6) = 1/2; κ = (5/6 − 1/2)/(1/2) = 2/3.
    // both: agree 9/12; a Pass 8, b Pass 7: p_e = (8/12)(7/12) + (4/12)(5/12) = 19/36; κ = (3/4 − 19/36)/(17/36) = 8/17.
    expect(agreement.rounds).toBe(6);
    expect(agreement.perception).toEqual({ n: 6, percent: 4 / 6, kappa: expect.closeTo(1 / 4, 12) });
    expect(agreement.knowledge).toEqual({ n: 6, percent: 5 / 6, kappa: expect.closeTo(2 / 3, 12) });
    expect(agreement.overall).toEqual({ n: 12, percent: 9 / 12, kappa: expect.closeTo(8 / 17, 12) });
    expect(agreement.perception.kappa).toBeCloseTo(kappaFixture.perception.kappa, 12);
    expect(agreement.knowledge.kappa).toBeCloseTo(kappaFixture.knowledge.kappa, 12);
    expect(agreement.overall.kappa).toBeCloseTo(kappaFixture.overall.kappa, 12);
  });

  it('lists the near-duplicate groups within and across datasets and the repeated questions; provenance counts the hand-written triplets; blind stays null until checked', async () => {
    const { bench } = await seed();
    const report = await t.backend.call('quality.report', { datasetId: bench });
    expect(report.dataset).toMatchObject({ id: bench, name: 'bench', items: 9 });
    const d = report.duplicates;
    expect([d.withinDataset, d.acrossDatasets, d.itemsWithNearDuplicate, d.unhashable]).toEqual([1, 1, 3, 0]);
    const items = d.imageGroups.map((g) => g.images.flatMap((i) => i.uses.map((u) => `${u.dataset}/${u.extId}`)).sort());
    expect(items).toEqual([['bench/c1', 'bench/o1'], ['bench/o2', 'other/n2']]);
    expect(d.questionGroups.map((g) => g.questions.map((q) => q.extId))).toEqual([['o3', 'x3']]);
    expect(report.blind).toBeNull();
    // The seven triplets ann submitted were written by hand; no model drafted any of them.
    expect(report.provenance).toEqual({ triplets: 7, human: 7, draftedEdited: 0, draftedUnchanged: 0, meanEditShare: null });
  });

  it('refuses a dataset the project does not have', async () => {
    await expect(t.backend.call('quality.report', { datasetId: 999 })).rejects.toMatchObject({ code: 'not_found' });
  });
});
