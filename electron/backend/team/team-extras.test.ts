import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { as, goodDraft, seedTeam } from '../../../test/team-fixtures';
import type { TripletVerdicts } from '@shared/contract';
import { WORK_TIME_SLACK_MS } from './assignment/work-time';

// The backend's present time: tests move it forward instead of waiting, as active time is bounded by wall time.
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const t = withProject(() => clock.now);

const pass: TripletVerdicts = { perception: { verdict: 'pass', reason: null, comment: '' }, knowledge: { verdict: 'pass', reason: null, comment: '' } };
const flagKnowledge: TripletVerdicts = {
  perception: { verdict: 'pass', reason: null, comment: '' },
  knowledge: { verdict: 'problematic', reason: 'wrong_answer', comment: 'trout is not a mammal, but is any option wrong?' },
};

async function assigned() {
  const seeded = await seedTeam(t.backend, t.dir);
  const lea = as(t.backend, 'lea');
  await lea('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 } });
  return { ...seeded, item: seeded.itemIds[0]!, lea, ann: as(t.backend, 'ann'), cat: as(t.backend, 'cat'), ann2: as(t.backend, 'ann2') };
}

/** Submits round 1, both checkers judge it (cat flags knowledge), so it comes back returned. */
async function returnedOnce(s: Awaited<ReturnType<typeof assigned>>) {
  const tri = await s.ann('triplets.get', { itemId: s.item });
  await s.ann('triplets.submit', { itemId: s.item, baseVersion: tri.version, draft: goodDraft() });
  await s.cat('reviews.submit', { itemId: s.item, verdicts: flagKnowledge });
  await s.lea('reviews.submit', { itemId: s.item, verdicts: pass });
  return s.ann('triplets.get', { itemId: s.item });
}

describe('guidelines', () => {
  it('keeps every save as a version with author and time; older versions stay readable', async () => {
    const { datasetId, lea, ann } = await assigned();
    expect(await ann('guidelines.get', { datasetId })).toEqual({ shown: null, latest: null, versions: [] });
    const v1 = await lea('guidelines.save', { datasetId, body: '# Rules\n\nAsk about *what is seen*.', baseVersion: null });
    expect(v1).toMatchObject({ datasetId, version: 1, author: 'lea', authorName: 'Lea Lead', body: '# Rules\n\nAsk about *what is seen*.' });
    const v2 = await lea('guidelines.save', { datasetId, body: '# Rules v2', baseVersion: 1 });
    expect(v2.version).toBe(2);
    // The same text again adds no version.
    expect((await lea('guidelines.save', { datasetId, body: '# Rules v2', baseVersion: 2 })).version).toBe(2);
    const seen = await ann('guidelines.get', { datasetId });
    expect(seen.shown?.body).toBe('# Rules v2');
    expect(seen.versions.map((v) => [v.version, v.author])).toEqual([[2, 'lea'], [1, 'lea']]);
    expect((await ann('guidelines.get', { datasetId, version: 1 })).shown?.body).toBe('# Rules\n\nAsk about *what is seen*.');
    await expect(ann('guidelines.get', { datasetId, version: 9 })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lets only a lead write them, and refuses a save based on an older version', async () => {
    const { datasetId, lea, ann } = await assigned();
    await expect(ann('guidelines.save', { datasetId, body: 'mine', baseVersion: null })).rejects.toMatchObject({ code: 'forbidden' });
    await lea('guidelines.save', { datasetId, body: 'first', baseVersion: null });
    await expect(lea('guidelines.save', { datasetId, body: 'stale', baseVersion: null })).rejects.toMatchObject({ code: 'conflict' });
    expect((await lea('guidelines.get', { datasetId })).shown?.body).toBe('first');
  });

  it('records the version a submission and a verdict were made under', async () => {
    const s = await assigned();
    await s.lea('guidelines.save', { datasetId: s.datasetId, body: 'v1', baseVersion: null });
    const tri = await s.ann('triplets.get', { itemId: s.item });
    expect(tri.guidelineVersion).toBe(1);
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: tri.version, draft: goodDraft() });
    await s.lea('guidelines.save', { datasetId: s.datasetId, body: 'v2', baseVersion: 1 });
    await s.cat('reviews.submit', { itemId: s.item, verdicts: pass });
    const history = await s.ann('triplets.history', { itemId: s.item });
    expect(history.find((h) => h.action === 'submit')?.note).toBe('submitted for review round 1 under guidelines v1');
    expect((await s.cat('triplets.get', { itemId: s.item })).reviews.map((r) => r.guidelineVersion)).toEqual([2]);
  });
});

describe('time spent per triplet', () => {
  it('adds each named delta once, however often a save carries it', async () => {
    const s = await assigned();
    let tri = await s.ann('triplets.get', { itemId: s.item });
    const first = { id: 'delta-0001', ms: 5_000 };
    const saved = await s.ann('triplets.save', { itemId: s.item, baseVersion: tri.version, draft: goodDraft(), time: first });
    // A save retried after its answer was lost (or re-sent from a reloaded page) carries the same delta.
    const again = await s.ann('triplets.save', { itemId: s.item, baseVersion: saved.version, draft: goodDraft('!'), time: first });
    tri = await s.ann('triplets.get', { itemId: s.item });
    expect(tri.myTimeMs).toBe(5_000);
    // A refused (stale) save counts nothing: the client keeps the delta and sends it with its next save.
    await expect(s.ann('triplets.save', { itemId: s.item, baseVersion: 1, draft: goodDraft(), time: { id: 'delta-0002', ms: 7_000 } }))
      .rejects.toMatchObject({ code: 'conflict' });
    expect((await s.ann('triplets.get', { itemId: s.item })).myTimeMs).toBe(5_000);
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: again.version, draft: goodDraft(), time: { id: 'delta-0002', ms: 7_000 } });
    expect((await s.ann('triplets.get', { itemId: s.item })).myTimeMs).toBe(12_000);
    await s.cat('reviews.submit', { itemId: s.item, verdicts: pass, time: { id: 'review-cat-1', ms: 3_000 } });
    expect((await s.cat('triplets.get', { itemId: s.item })).myTimeMs).toBe(3_000);
  });

  it('shows each person\'s total and median per triplet on the dashboard', async () => {
    const s = await assigned();
    const other = s.itemIds.find((id) => id !== s.item)!;
    for (const [itemId, ms, id] of [[s.item, 60_000, 'a-item1-1'], [s.item, 30_000, 'a-item1-2'], [other, 20_000, 'a-item2-1']] as const) {
      later(ms);
      const tri = await s.ann('triplets.get', { itemId });
      await s.ann('triplets.save', { itemId, baseVersion: tri.version, draft: goodDraft(), time: { id, ms } });
    }
    const board = await s.lea('team.dashboard', {});
    expect(board.annotators.find((a) => a.user === 'ann')).toMatchObject({ timeMs: 110_000, medianMs: 55_000, timedItems: 2 });
    expect(board.checkers.find((c) => c.user === 'cat')).toMatchObject({ timeMs: 0, medianMs: null, timedItems: 0 });
  });

  it('credits no more active time than has passed since the person\'s previous save (attack 6)', async () => {
    const s = await assigned();
    const other = s.itemIds.find((id) => id !== s.item)!;
    const twelveHours = 12 * 3_600_000;
    // 40 saves each claiming twelve hours, with no time passing between them: 480 h used to reach the dashboard.
    let version = (await s.ann('triplets.get', { itemId: s.item })).version;
    for (let i = 0; i < 40; i++) {
      version = (await s.ann('triplets.save', { itemId: s.item, baseVersion: version, draft: goodDraft(String(i)), time: { id: `forged-${i}`, ms: twelveHours } })).version;
    }
    const claimed = (await s.lea('team.dashboard', {})).annotators.find((a) => a.user === 'ann')!.timeMs;
    expect(claimed).toBe(WORK_TIME_SLACK_MS);
    // Real time passing is credited in full, on another item too; only what exceeds it is dropped.
    later(10 * 60_000);
    const tri = await s.ann('triplets.get', { itemId: other });
    await s.ann('triplets.save', { itemId: other, baseVersion: tri.version, draft: goodDraft(), time: { id: 'honest-1', ms: 9 * 60_000 } });
    const board = await s.lea('team.dashboard', {});
    expect(board.annotators.find((a) => a.user === 'ann')!.timeMs).toBe(WORK_TIME_SLACK_MS + 9 * 60_000);
  });

  it('refuses a delta that is not a plausible measurement', async () => {
    const s = await assigned();
    const tri = await s.ann('triplets.get', { itemId: s.item });
    await expect(s.ann('triplets.save', { itemId: s.item, baseVersion: tri.version, draft: goodDraft(), time: { id: 'x', ms: 10 } }))
      .rejects.toMatchObject({ code: 'invalid_input' });
    await expect(s.ann('triplets.save', { itemId: s.item, baseVersion: tri.version, draft: goodDraft(), time: { id: 'delta-0003', ms: -5 } }))
      .rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('replies to a checker\'s comment', () => {
  it('lets the people on the triplet reply once the verdict is visible to them, and no one else', async () => {
    const s = await assigned();
    const tri = await s.ann('triplets.get', { itemId: s.item });
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: tri.version, draft: goodDraft() });
    await s.cat('reviews.submit', { itemId: s.item, verdicts: flagKnowledge });
    const catReview = (await s.cat('triplets.get', { itemId: s.item })).reviews[0]!;
    // Blind review: the annotator and the other checker cannot answer a verdict they may not see yet.
    await expect(s.ann('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: 'why?' })).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('blind review') });
    await expect(s.lea('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: 'hm' })).rejects.toMatchObject({ code: 'forbidden' });
    await s.lea('reviews.submit', { itemId: s.item, verdicts: pass });

    const reply = await s.ann('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: '  The answer key is A: dogs are mammals.  ' });
    expect(reply).toMatchObject({ reviewId: catReview.id, role: 'knowledge', author: 'ann', authorName: 'Ann Annotator', body: 'The answer key is A: dogs are mammals.' });
    await s.cat('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: 'Right — then reword the question.' });
    // ann2 is an annotator and checker, but not on this triplet.
    await expect(s.ann2('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: 'drive-by' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(s.ann('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: '   ' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(as(t.backend, null)('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: 'owner' })).rejects.toMatchObject({ code: 'forbidden' });

    const seen = await s.ann('triplets.get', { itemId: s.item });
    expect(seen.can.reply).toBe(true);
    const thread = seen.reviews.find((r) => r.id === catReview.id)!.replies;
    expect(thread.map((p) => [p.author, p.body])).toEqual([['ann', 'The answer key is A: dogs are mammals.'], ['cat', 'Right — then reword the question.']]);
    const outsider = await s.ann2('triplets.get', { itemId: s.item });
    expect(outsider.can.reply).toBe(false);
    expect(outsider.reviews.flatMap((r) => r.replies)).toEqual([]);
    const history = await s.ann('triplets.history', { itemId: s.item });
    expect(history.filter((h) => h.action === 'reply').map((h) => h.note)).toEqual([
      'replied on cat\'s knowledge verdict (round 1): Right — then reword the question.',
      'replied on cat\'s knowledge verdict (round 1): The answer key is A: dogs are mammals.',
    ]);
    expect((await s.ann2('triplets.history', { itemId: s.item })).filter((h) => h.action === 'reply')).toEqual([]);
  });
});

describe('what changed between review rounds', () => {
  it('diffs the two submissions word by word and option by option', async () => {
    const s = await assigned();
    const returned = await returnedOnce(s);
    expect(returned.roundDiff).toBeNull();
    const fixed = goodDraft();
    fixed.knowledge = { text: 'Which of these animals is a fish?', options: ['dog', 'trout', 'shark'], answer: 'B', rationale: 'trout have gills' };
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: returned.version, draft: fixed });

    const diff = (await s.cat('triplets.get', { itemId: s.item })).roundDiff!;
    expect(diff).toMatchObject({ from: 1, to: 2, perception: { changed: false, answer: { before: 'B', after: 'B' } } });
    expect(diff.knowledge.changed).toBe(true);
    expect(diff.knowledge.text).toEqual([
      { op: 'same', text: 'Which of these animals is a ' }, { op: 'del', text: 'mammal' }, { op: 'add', text: 'fish' }, { op: 'same', text: '?' },
    ]);
    expect(diff.knowledge.options).toEqual([{ op: 'same', text: 'A. dog' }, { op: 'same', text: 'B. trout' }, { op: 'add', text: 'C. shark' }]);
    expect(diff.knowledge.answer).toEqual({ before: 'A', after: 'B' });
    expect(diff.knowledge.rationale).toEqual([{ op: 'add', text: 'trout have gills' }]);
    expect(await s.lea('triplets.roundDiff', { itemId: s.item, round: 2 })).toEqual(diff);
    await expect(s.ann2('triplets.roundDiff', { itemId: s.item, round: 2 })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(s.ann('triplets.roundDiff', { itemId: s.item, round: 3 })).rejects.toMatchObject({ code: 'not_found' });
    const submits = (await s.ann('triplets.history', { itemId: s.item })).filter((h) => h.action === 'submit');
    expect(submits.map((h) => h.round)).toEqual([2, 1]);
  });

  it('shows a checker of a returned triplet the submission they judged, never an empty form or the work in progress', async () => {
    const s = await assigned();
    const returned = await returnedOnce(s);
    const rework = goodDraft(' (being rewritten)');
    await s.ann('triplets.save', { itemId: s.item, baseVersion: returned.version, draft: rework });

    const seen = await s.cat('triplets.get', { itemId: s.item });
    expect(seen.status).toBe('returned');
    expect(seen.draft).toEqual(goodDraft());
    expect(seen.submitted).toMatchObject({ round: 1, version: returned.version });
    // The annotator and a lead read the working copy, which is current.
    expect(await s.ann('triplets.get', { itemId: s.item })).toMatchObject({ draft: rework, submitted: null });
    expect(await s.lea('triplets.get', { itemId: s.item })).toMatchObject({ draft: rework, submitted: null });
    // Someone not on the item reads nothing of it.
    expect((await s.ann2('triplets.get', { itemId: s.item })).draft.perception.text).toBe('');

    const current = await s.ann('triplets.get', { itemId: s.item });
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: current.version, draft: rework });
    expect(await s.cat('triplets.get', { itemId: s.item })).toMatchObject({ status: 'resubmitted', draft: rework, submitted: null, roundDiff: { from: 1, to: 2 } });
  });
});

describe('the accepted export with review history', () => {
  it('carries guideline versions, time spent, threads, submissions and round diffs, and the guidelines beside it', async () => {
    const s = await assigned();
    await s.lea('guidelines.save', { datasetId: s.datasetId, body: '# Be precise', baseVersion: null });
    const tri = await s.ann('triplets.get', { itemId: s.item });
    await s.ann('triplets.save', { itemId: s.item, baseVersion: tri.version, draft: goodDraft(), time: { id: 'export-a1', ms: 40_000 } });
    const returned = await returnedOnce(s);
    const catReview = returned.reviews.find((r) => r.checker === 'cat')!;
    await s.ann('reviews.reply', { reviewId: catReview.id, role: 'knowledge', body: 'Fixed the options.' });
    const fixed = goodDraft();
    fixed.knowledge.options = ['dog', 'trout', 'shark'];
    await s.ann('triplets.submit', { itemId: s.item, baseVersion: returned.version, draft: fixed, time: { id: 'export-a2', ms: 2_000 } });
    await s.cat('reviews.submit', { itemId: s.item, verdicts: pass, time: { id: 'export-c1', ms: 9_000 } });
    await s.lea('reviews.submit', { itemId: s.item, verdicts: pass });

    const history = join(t.dir, 'history.json');
    const result = await s.lea('exports.run', { dataset: s.datasetId, format: 'mmevalpro', out: join(t.dir, 'accepted.json'), acceptedOnly: true, reviewHistory: history });
    expect(result.reviewHistory).toMatchObject({ triplets: 1, guidelines: { path: join(t.dir, 'history-guidelines.json'), versions: 1 } });
    const [row] = JSON.parse(readFileSync(history, 'utf8')) as Record<string, unknown>[];
    expect(row).toMatchObject({
      time_spent: { annotate_ms: 42_000, review_ms: { cat: 9_000 } },
      submissions: [
        { round: 1, guideline_version: 1, knowledge: { options: ['dog', 'trout'] } },
        { round: 2, guideline_version: 1, knowledge: { options: ['dog', 'trout', 'shark'] } },
      ],
      round_diffs: [{ from: 1, to: 2, perception: { changed: false }, knowledge: { changed: true, options: [{ op: 'same' }, { op: 'same' }, { op: 'add', text: 'C. shark' }] } }],
    });
    const reviews = row!.reviews as { round: number; checker: string; guideline_version: number | null; replies: unknown[] }[];
    expect(reviews.map((r) => r.guideline_version)).toEqual([1, 1, 1, 1]);
    expect(reviews.find((r) => r.round === 1 && r.checker === 'cat')!.replies).toEqual([{ question: 'knowledge', by: 'ann', at: expect.any(String), text: 'Fixed the options.' }]);
    const guidelines = JSON.parse(readFileSync(join(t.dir, 'history-guidelines.json'), 'utf8')) as unknown[];
    expect(guidelines).toEqual([{ version: 1, author: 'lea', at: expect.any(String), markdown: '# Be precise' }]);
  });
});
