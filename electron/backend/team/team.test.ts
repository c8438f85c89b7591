import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { withProject } from '../../../test/fixtures';
import { as, goodDraft, seedTeam } from '../../../test/team-fixtures';
import type { TripletVerdicts } from '@shared/contract';

const t = withProject();

const pass: TripletVerdicts = { perception: { verdict: 'pass', reason: null, comment: '' }, knowledge: { verdict: 'pass', reason: null, comment: '' } };
const flagKnowledge: TripletVerdicts = {
  perception: { verdict: 'pass', reason: null, comment: '' },
  knowledge: { verdict: 'problematic', reason: 'wrong_answer', comment: 'trout is a fish, but so is the answer key wrong?' },
};

async function assigned() {
  const seeded = await seedTeam(t.backend, t.dir);
  const lead = as(t.backend, 'lea');
  await lead('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 } });
  return { ...seeded, item: seeded.itemIds[0]!, lead, ann: as(t.backend, 'ann'), lea: lead, cat: as(t.backend, 'cat') };
}

describe('the triplet workflow', () => {
  it('goes annotate → submit → one checker flags → returned with comments → fix → both pass → accepted → exported', async () => {
    const { item, ann, lea, cat, datasetId } = await assigned();
    let tri = await ann('triplets.get', { itemId: item });
    expect(tri).toMatchObject({ status: 'annotating', version: 1, can: { edit: true, review: false }, assignment: { annotator: 'ann' } });
    expect(tri.upcoming.map((u) => u.itemId)).toHaveLength(1);
    const saved = await ann('triplets.save', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    const submitted = await ann('triplets.submit', { itemId: item, baseVersion: saved.version, draft: goodDraft() });
    expect(submitted.status).toBe('submitted');

    expect(await cat('reviews.submit', { itemId: item, verdicts: flagKnowledge })).toEqual({ status: 'in_review' });
    // Independence: the other checker does not see the first verdict before giving theirs; the lead does.
    await as(t.backend, 'ann2')('triplets.get', { itemId: item });
    // Lea leads, but she is also this triplet's other checker: she must not see Cat's verdict before hers.
    const leaView = await lea('triplets.get', { itemId: item });
    expect(leaView.reviews).toHaveLength(0);
    expect(leaView.hiddenReviews).toBe(1);
    await as(t.backend, null)('users.add', { name: 'boss', roles: ['lead'] });
    expect((await as(t.backend, 'boss')('triplets.get', { itemId: item })).reviews).toHaveLength(1);
    const cat2 = await cat('triplets.get', { itemId: item });
    expect(cat2.reviews.map((r) => r.checker)).toEqual(['cat']);
    expect((await ann('triplets.get', { itemId: item })).reviews).toHaveLength(0);
    expect((await ann('triplets.get', { itemId: item })).hiddenReviews).toBe(1);

    expect(await lea('reviews.submit', { itemId: item, verdicts: pass })).toEqual({ status: 'returned' });
    tri = await ann('triplets.get', { itemId: item });
    expect(tri.status).toBe('returned');
    expect(tri.reviews.map((r) => r.verdicts.knowledge.comment)).toContain('trout is a fish, but so is the answer key wrong?');

    const fixed = goodDraft();
    fixed.knowledge.options = ['dog', 'trout', 'shark'];
    expect((await ann('triplets.submit', { itemId: item, baseVersion: tri.version, draft: fixed })).status).toBe('resubmitted');
    expect((await ann('triplets.get', { itemId: item })).round).toBe(2);
    await expect(as(t.backend, 'ann2')('reviews.submit', { itemId: item, verdicts: pass })).rejects.toThrow('not one of this triplet\'s two checkers');
    expect(await lea('reviews.submit', { itemId: item, verdicts: pass })).toEqual({ status: 'in_review' });
    expect(await cat('reviews.submit', { itemId: item, verdicts: pass })).toEqual({ status: 'accepted' });

    const out = join(t.dir, 'accepted.json');
    const history = join(t.dir, 'history.json');
    const result = await lea('exports.run', { dataset: datasetId, format: 'mmevalpro', out, acceptedOnly: true, reviewHistory: history });
    expect(result).toMatchObject({ items: 1, questions: 3, reviewHistory: { triplets: 1 } });
    const rows = JSON.parse(readFileSync(out, 'utf8')) as { eval_type: string; choices: string[]; answer: string }[];
    expect(rows.map((r) => r.eval_type)).toEqual(['Origin', 'Perception', 'Knowledge']);
    expect(rows[2]).toMatchObject({ choices: ['dog', 'trout', 'shark'], answer: 'A' });
    const reviews = (JSON.parse(readFileSync(history, 'utf8')) as { reviews: { round: number; passed: boolean }[] }[])[0]!.reviews;
    expect(reviews.map((r) => [r.round, r.passed])).toEqual([[1, false], [1, true], [2, true], [2, true]]);
  });

  it('assigns work to a person named constructor and counts it under that name', async () => {
    const seeded = await seedTeam(t.backend, t.dir);
    await t.backend.call('users.add', { name: 'constructor', roles: ['annotator'] });
    const result = await as(t.backend, 'lea')('assignments.assign', {
      datasetId: seeded.datasetId, annotators: ['constructor'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 2 },
    });
    expect(result.byAnnotator).toEqual({ constructor: 2 });
  });

  it('never lets an annotator review their own triplet, and a checker cannot edit', async () => {
    const { datasetId, itemIds, lead } = await assigned();
    // ann2 annotates one item and checks others: reviewing their own is refused even with the checker role.
    await lead('assignments.assign', { datasetId, annotators: ['ann2'], checkers: ['lea', 'cat', 'ann2'], select: { mode: 'items', itemIds: [itemIds[3]!] } });
    const ann2 = as(t.backend, 'ann2');
    const own = await ann2('triplets.get', { itemId: itemIds[3]! });
    expect(own.assignment!.checkers).not.toContain('ann2');
    await ann2('triplets.submit', { itemId: itemIds[3]!, baseVersion: own.version, draft: goodDraft() });
    await expect(ann2('reviews.submit', { itemId: itemIds[3]!, verdicts: pass })).rejects.toMatchObject({ code: 'forbidden', message: 'annotators cannot review their own triplets' });

    const cat = as(t.backend, 'cat');
    const tri = await cat('triplets.get', { itemId: itemIds[0]! });
    expect(tri.can.edit).toBe(false);
    // Without the annotator role the method itself is refused; with it, the item-level rule still refuses.
    await expect(cat('triplets.save', { itemId: itemIds[0]!, baseVersion: tri.version, draft: goodDraft() })).rejects.toMatchObject({ code: 'forbidden' });
    await lead('users.update', { name: 'cat', roles: ['checker', 'annotator'] });
    await expect(cat('triplets.save', { itemId: itemIds[0]!, baseVersion: tri.version, draft: goodDraft() }))
      .rejects.toMatchObject({ code: 'forbidden', message: 'checkers cannot edit the triplets they review' });
    // The database itself refuses an annotator as their own checker.
    expect(() => t.backend.state.requireProject().db.prepare(`UPDATE assignments SET checker_a = annotator_id WHERE item_id = ?`).run(itemIds[0]!)).toThrow(/CHECK/);
  });

  it('refuses a stale save with a clear message and keeps its text as a revision', async () => {
    const { item, ann } = await assigned();
    const opened = await ann('triplets.get', { itemId: item });
    await ann('triplets.save', { itemId: item, baseVersion: opened.version, draft: goodDraft(' (tab one)') });
    const stale = ann('triplets.save', { itemId: item, baseVersion: opened.version, draft: goodDraft(' (tab two)') });
    await expect(stale).rejects.toMatchObject({ code: 'conflict' });
    await expect(stale).rejects.toThrow(/you edited version 1; it is now at 2.*Your text is kept as revision #\d+/);
    const history = await ann('triplets.history', { itemId: item });
    const conflict = history.find((r) => r.action === 'conflict')!;
    expect(conflict.draft!.perception.text).toBe('What animal is in the picture? (tab two)');
    expect((await ann('triplets.get', { itemId: item })).draft.perception.text).toBe('What animal is in the picture? (tab one)');
    // Restoring the kept text is a new revision; nothing is rewritten.
    const restored = await ann('triplets.restore', { itemId: item, revisionId: conflict.id, baseVersion: 2 });
    expect(restored.version).toBe(3);
    expect((await ann('triplets.get', { itemId: item })).draft.perception.text).toBe('What animal is in the picture? (tab two)');
    expect((await ann('triplets.history', { itemId: item })).filter((r) => r.action === 'save')).toHaveLength(2);
  });

  it('validates at submit with the problem named, but lets drafts be incomplete', async () => {
    const { item, ann } = await assigned();
    const draft = goodDraft();
    draft.perception.options = ['same', 'Same'];
    draft.knowledge.answer = null;
    const saved = await ann('triplets.save', { itemId: item, baseVersion: 1, draft });
    await expect(ann('triplets.submit', { itemId: item, baseVersion: saved.version, draft }))
      .rejects.toThrow('cannot submit yet: perception options.1: Same as option A.; knowledge answer: Mark the correct option.');
    expect((await ann('triplets.get', { itemId: item })).status).toBe('annotating');
  });

  it('lets a lead override with a logged reason, and reassign without losing history', async () => {
    const { item, lead, ann } = await assigned();
    await expect(ann('triplets.override', { itemId: item, to: 'accepted', reason: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(lead('triplets.override', { itemId: item, to: 'accepted', reason: ' ' })).rejects.toThrow('say why');
    expect(await lead('triplets.override', { itemId: item, to: 'accepted', reason: 'checked in the meeting' })).toMatchObject({ status: 'accepted' });
    await lead('assignments.reassign', { itemIds: [item], annotator: 'ann2', reason: 'Ann is on leave' });
    const history = await lead('triplets.history', { itemId: item });
    expect(history.map((h) => h.note).filter(Boolean)).toEqual([
      'reassigned to ann2, checked by lea and cat (Ann is on leave)',
      'lead moved it from annotating to accepted: checked in the meeting',
      'assigned to ann, checked by lea and cat',
    ]);
    await expect(lead('assignments.reassign', { itemIds: [item], checkers: ['ann2', 'cat'], reason: 'x' })).rejects.toThrow('its annotator cannot also check it');
  });

  it('splits items into disjoint subsets and balances checkers, refusing a pool without two other checkers', async () => {
    const seeded = await seedTeam(t.backend, t.dir, 6);
    const lead = as(t.backend, 'lea');
    await expect(lead('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann2'], checkers: ['ann2', 'cat'], select: { mode: 'count', count: 2 } }))
      .rejects.toThrow('ann2 needs two checkers other than themself');
    // A small team: the lead lets annotators check each other's items in this dataset.
    await lead('team.setCheckerRule', { datasetId: seeded.datasetId, relaxed: true, reason: 'three people only' });
    const r = await lead('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann', 'ann2'], checkers: ['lea', 'cat', 'ann2'], select: { mode: 'count', count: 5 } });
    expect(r).toEqual({ assigned: 5, byAnnotator: { ann: 3, ann2: 2 } });
    const mine = await as(t.backend, 'ann')('triplets.queue', { kind: 'annotate' });
    const theirs = await as(t.backend, 'ann2')('triplets.queue', { kind: 'annotate' });
    expect(mine.rows.map((x) => x.itemId)).toEqual(seeded.itemIds.slice(0, 3));
    expect(theirs.rows.map((x) => x.itemId)).toEqual(seeded.itemIds.slice(3, 5));
    const load = t.backend.state.requireProject().db.prepare(`SELECT c, count(*) AS n FROM (SELECT checker_a c FROM assignments UNION ALL SELECT checker_b FROM assignments) GROUP BY c ORDER BY c`).all();
    // Greedy least-loaded: ann's items spread over all three, ann2's can only go to lea and cat.
    expect(load).toEqual([{ c: 'ann2', n: 2 }, { c: 'cat', n: 4 }, { c: 'lea', n: 4 }]);
  });
});

describe('MMEvalPro team rules', () => {
  it('keeps the dataset\'s annotators from checking in it unless the lead relaxed the rule, which is recorded', async () => {
    const seeded = await seedTeam(t.backend, t.dir, 6);
    const lead = as(t.backend, 'lea');
    expect(await lead('team.checkerRule', { datasetId: seeded.datasetId })).toMatchObject({ relaxed: false });
    // ann2 annotates here, so the pool loses them: every item goes to lea and cat.
    await lead('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann', 'ann2'], checkers: ['lea', 'cat', 'ann2'], select: { mode: 'count', count: 4 } });
    const db = t.backend.state.requireProject().db;
    const checkers = () => db.prepare('SELECT DISTINCT c FROM (SELECT checker_a c FROM assignments UNION SELECT checker_b FROM assignments) ORDER BY c').pluck().all();
    expect(checkers()).toEqual(['cat', 'lea']);
    const annsItem = seeded.itemIds[0]!;
    await expect(lead('assignments.reassign', { itemIds: [annsItem], checkers: ['ann2', 'cat'], reason: 'balance' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^ann2 annotates in this dataset and so cannot check in it/) });
    // An annotator cannot be added while they check here either, nor can a pool without two outsiders be used.
    await lead('users.add', { name: 'dan', roles: ['annotator', 'checker'] });
    await lead('assignments.reassign', { itemIds: [annsItem], checkers: ['dan', 'cat'], reason: 'balance' });
    await expect(lead('assignments.assign', { datasetId: seeded.datasetId, annotators: ['dan'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 1 } }))
      .rejects.toThrow(/dan annotates in this dataset and so cannot check in it/);
    await expect(lead('assignments.assign', { datasetId: seeded.datasetId, annotators: ['ann'], checkers: ['lea', 'ann2'], select: { mode: 'count', count: 1 } }))
      .rejects.toThrow('ann needs two checkers other than themself (ann2 annotates in this dataset and may not check in it unless a lead relaxes the rule)');
    await expect(lead('team.setCheckerRule', { datasetId: seeded.datasetId, relaxed: true, reason: ' ' })).rejects.toThrow('say why');
    await expect(as(t.backend, 'ann')('team.setCheckerRule', { datasetId: seeded.datasetId, relaxed: true, reason: 'me' })).rejects.toMatchObject({ code: 'forbidden' });

    const relaxed = await lead('team.setCheckerRule', { datasetId: seeded.datasetId, relaxed: true, reason: 'a team of three' });
    expect(relaxed).toMatchObject({ relaxed: true, reason: 'a team of three', by: 'lea' });
    await lead('assignments.reassign', { itemIds: [annsItem], checkers: ['ann2', 'cat'], reason: 'balance' });
    expect(checkers()).toContain('ann2');
    const history = db.prepare(`SELECT action, user_id FROM revisions WHERE entity = 'dataset' AND entity_id = ? ORDER BY id`).all(String(seeded.datasetId));
    expect(history).toContainEqual({ action: 'relax-checker-rule', user_id: 'lea' });
  });

  it('marks a triplet a lead accepted by override in exports and keeps it out of --accepted-only unless asked for', async () => {
    const { item, ann, lea, cat, datasetId, itemIds } = await assigned();
    const tri = await ann('triplets.get', { itemId: item });
    await ann('triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    await cat('reviews.submit', { itemId: item, verdicts: pass });
    expect(await lea('reviews.submit', { itemId: item, verdicts: pass })).toEqual({ status: 'accepted' });
    const forced = itemIds[1]!;
    await lea('triplets.override', { itemId: forced, to: 'accepted', reason: 'checked in the meeting' });

    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { triplet_id: number; eval_type: string; review_state?: string; lead_override?: boolean }[];
    const ext = async (id: number) => Number((await lea('items.get', { id })).extId);
    const accepted = join(t.dir, 'accepted.json');
    await lea('exports.run', { dataset: datasetId, format: 'mmevalpro', out: accepted, acceptedOnly: true });
    expect(new Set(read(accepted).map((r) => r.triplet_id))).toEqual(new Set([await ext(item)]));
    const withOverrides = join(t.dir, 'with-overrides.json');
    await lea('exports.run', { dataset: datasetId, format: 'mmevalpro', out: withOverrides, acceptedOnly: true, includeOverridden: true });
    const rows = read(withOverrides);
    const [forcedId, itemId] = [await ext(forced), await ext(item)];
    expect(rows.filter((r) => r.triplet_id === forcedId).every((r) => r.review_state === 'accepted' && r.lead_override === true)).toBe(true);
    expect(rows.filter((r) => r.triplet_id === itemId).every((r) => r.review_state === 'accepted' && r.lead_override === false)).toBe(true);

    // Without the flag every triplet says where it stands, the unreviewed ones included.
    const all = join(t.dir, 'all.tsv');
    await lea('exports.run', { dataset: datasetId, format: 'vlmevalkit', out: all, reviewHistory: join(t.dir, 'history.json') });
    const table = parse(readFileSync(all, 'utf8'), { delimiter: '\t', columns: true, relax_quotes: true }) as Record<string, string>[];
    // One row per question: the double-checked triplet's three, the overridden item's origin, two untouched originals.
    expect(table.map((r) => [r.review_state, r.lead_override])).toEqual([
      ['accepted', 'false'], ['accepted', 'false'], ['accepted', 'false'], ['accepted', 'true'], ['unassigned', 'false'], ['unassigned', 'false'],
    ]);
    const history = JSON.parse(readFileSync(join(t.dir, 'history.json'), 'utf8')) as { lead_override: boolean }[];
    expect(history.map((h) => h.lead_override)).toEqual([false, true]);
  });
});

describe('lint and dashboard', () => {
  it('finds answers that are not option labels, duplicate options, empty questions and missing roles', async () => {
    const rows = [
      { index: 0, triplet_id: 1, question: 'Origin?', choices: ['x', 'y'], answer: 'Z', source: 's', question_category: 'c', eval_type: 'Origin' },
      { index: 1, triplet_id: 1, question: 'Perception?', choices: ['red', 'Red'], answer: 'd', source: 's', question_category: 'c', eval_type: 'Perception' },
    ];
    const file = join(t.dir, 'bad.json');
    writeFileSync(file, JSON.stringify(rows));
    const { datasetId } = await t.backend.call('imports.run', { files: [file], dataset: 'bad' });
    // An annotator's draft may be left empty; lint names it.
    const { item, ann } = await assigned();
    const draft = goodDraft();
    draft.knowledge.text = '';
    await ann('triplets.save', { itemId: item, baseVersion: 1, draft });
    const { findings } = await t.backend.call('lint.run', {});
    expect(findings.map((f) => [f.extId, f.rule])).toEqual([
      ['1', 'missing_image'], ['1', 'missing_role'], ['1', 'answer_not_option'], ['1', 'answer_not_option'], ['1', 'duplicate_options'],
      ['0', 'empty_question'],
    ]);
    expect((await t.backend.call('lint.run', { datasetId })).findings).toHaveLength(5);
    expect(findings[3]!.message).toBe('perception question of 1: answer "d" is not an option label (options are A, B)');
    expect(findings[2]!.message).toContain('answer "Z" is not an option label');
  });

  it('finds an MMEvalPro question stored without options', async () => {
    const row = { triplet_id: 1, question: 'Origin?', answer: 'B', source: 's', question_category: 'c', eval_type: 'Origin' };
    const file = join(t.dir, 'no-choices.json');
    writeFileSync(file, JSON.stringify([{ index: 0, ...row, choices: ['x', 'y'] }, { index: 1, ...row, triplet_id: 2 }]));
    const { datasetId } = await t.backend.call('imports.run', { files: [file], dataset: 'no-choices', format: 'mmevalpro' });
    const { findings } = await t.backend.call('lint.run', { datasetId });
    expect(findings.filter((f) => f.rule === 'too_few_options').map((f) => [f.extId, f.message])).toEqual([
      ['2', 'origin question of 2 has no options, though MMEvalPro questions are multiple-choice'],
    ]);
  });

  it('counts progress per person and the checkers\' agreement as Cohen\'s kappa', async () => {
    const { itemIds, ann, lea, cat } = await assigned();
    for (const item of itemIds.slice(0, 2)) {
      const tri = await ann('triplets.get', { itemId: item });
      await ann('triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft(` ${item}`) });
    }
    // Item 1: both pass both questions (2 agreements). Item 2: lea passes all, cat flags knowledge (1 agree, 1 not).
    await lea('reviews.submit', { itemId: itemIds[0]!, verdicts: pass });
    await cat('reviews.submit', { itemId: itemIds[0]!, verdicts: pass });
    await lea('reviews.submit', { itemId: itemIds[1]!, verdicts: pass });
    await cat('reviews.submit', { itemId: itemIds[1]!, verdicts: flagKnowledge });
    const d = await lea('team.dashboard', {});
    expect(d.statuses).toMatchObject({ accepted: 1, returned: 1, unassigned: 2 });
    expect(d.annotators).toEqual([{ user: 'ann', name: 'Ann Annotator', assigned: 2, annotating: 0, submitted: 0, returned: 1, accepted: 1, timeMs: 0, medianMs: null, timedItems: 0 }]);
    expect(d.checkers.find((c) => c.user === 'cat')).toMatchObject({ assigned: 2, pending: 0, reviewed: 2, flagged: 1 });
    // 4 ratings, 3 agree. lea: pass×4; cat: pass×3, problematic×1 → p_e = 1·0.75 = 0.75, κ = (0.75 − 0.75)/(0.25) = 0.
    expect(d.agreement).toMatchObject({ n: 4, percent: 0.75, kappa: 0 });
    expect(d.reasons).toEqual([{ reason: 'wrong_answer', count: 1 }]);
    expect(d.throughput[0]).toMatchObject({ submissions: 2, reviews: 4 });
    await expect(ann('team.dashboard', {})).rejects.toMatchObject({ code: 'forbidden' });
  });
});
