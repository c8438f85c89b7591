import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { humanRun, questionNumber, seedEvalDataset, seedTripletDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';

const ctx = withProject();

/** Which questions of triplets 1–6 the scripted person gets right (gold is B; a wrong answer is A). */
const RIGHT: Record<number, [origin: boolean, perception: boolean, knowledge: boolean]> = {
  1: [true, true, true],
  2: [true, false, true],
  3: [true, true, false],
  4: [false, true, true],
  5: [true, false, false],
  6: [false, false, false],
};
const ROLE_INDEX = { Origin: 0, Perception: 1, Knowledge: 2 } as const;

function scripted(text: string, table = RIGHT): string {
  const [, role, t] = /^(Origin|Perception|Knowledge) question of triplet (\d+)/.exec(text)!;
  return table[Number(t)]![ROLE_INDEX[role as keyof typeof ROLE_INDEX]] ? 'B' : 'A';
}

describe('run report', () => {
  it('computes MMEvalPro per source, Macro and Micro on a hand-scored run, and drills into a heatmap cell', async () => {
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 6);
    const runId = await humanRun(ctx.backend, datasetId, (t) => scripted(t));
    const report = await ctx.backend.call('reports.run', { id: runId });

    expect(report.coverage).toEqual({ questions: 18, scored: 18, pending: 0, errors: 0 });
    expect(report.accuracy.overall).toMatchObject({ n: 18, correct: 10 });
    expect(report.accuracy.by.role!.origin).toMatchObject({ n: 6, correct: 4 });
    expect(report.circular).toBeNull();
    expect(report.vrp).toBeNull();
    const micro = report.mmevalpro!.Micro_Average;
    expect(micro).toMatchObject({
      triplets: 6, questions: 18, genuine_accuracy_score: 16.67, origin_score: 66.67, perception_score: 50, knowledge_score: 50,
      average_score: 55.56, consistency_gap: 50, perception_consistency: 50, knowledge_consistency: 50,
    });
    expect(micro.conditional.origin.perception).toBe(66.67);
    expect(micro.conditional.perception.perception).toBe(100);
    expect(micro.conditional_n).toEqual({ origin: 4, perception: 3, knowledge: 3 });
    expect(report.mmevalpro!.bySource.MMMU).toMatchObject({ triplets: 3, genuine_accuracy_score: 33.33, origin_score: 100, perception_score: 66.67 });
    expect(report.mmevalpro!.bySource.ScienceQA).toMatchObject({ genuine_accuracy_score: 0, origin_score: 33.33, knowledge_score: 66.67 });
    expect(report.mmevalpro!.Macro_Average).toMatchObject({ perception_score: 50, knowledge_score: 50 });

    // "Right for the wrong reasons": origin right, perception wrong.
    const drill = await ctx.backend.call('reports.drill', { runId, given: 'origin', target: 'perception' });
    expect(drill.rows.map((r) => r.extId).sort()).toEqual(['2', '5']);
    expect(drill.rows[0]!.perception).toMatchObject({ gold: 'B', label: 'A', correct: false });
    // The cell's other half: both right.
    const both = await ctx.backend.call('reports.drill', { runId, given: 'origin', target: 'perception', targetRight: true });
    expect(both.total).toBe(2);
    expect(both.total / (both.total + drill.total)).toBeCloseTo(micro.perception_consistency / 100, 4);
    const mmmuOnly = await ctx.backend.call('reports.drill', { runId, given: 'origin', target: 'perception', source: 'MMMU' });
    expect(mmmuOnly.rows.map((r) => r.extId)).toEqual(['5']);
  });

  it('a person\'s correction changes the report at once; unanswered questions stay out of every accuracy', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'human' });
    const first = await ctx.backend.call('runs.nextHuman', { id: runId });
    await ctx.backend.call('runs.answer', { runId, questionId: first!.questionId, label: 'B' }); // gold A
    let report = await ctx.backend.call('reports.run', { id: runId });
    expect(report.coverage).toEqual({ questions: 4, scored: 1, pending: 3, errors: 0 });
    expect(report.accuracy.overall).toMatchObject({ n: 1, correct: 0 });
    const [prediction] = (await ctx.backend.call('runs.predictions', { runId, outcome: 'wrong' })).rows;
    await ctx.backend.call('runs.correct', { id: prediction!.id!, label: 'A' });
    report = await ctx.backend.call('reports.run', { id: runId });
    expect(report.accuracy.overall).toMatchObject({ n: 1, correct: 1 });
    expect(report.extraction).toEqual({ corrected: 1 });
  });
});

describe('CircularEval against a model', () => {
  let server: FakeOpenAI | undefined;
  afterEach(async () => server?.stop());

  it('reports every-pass accuracy beside the first pass alone', async () => {
    const texts = ['circle', 'square', 'triangle', 'star'];
    server = new FakeOpenAI({
      reply: (prompt) => {
        const i = questionNumber(prompt);
        const first = /\nA\. (\w+)/.exec(prompt)?.[1];
        if (i === 0 && first === 'square') return 'A'; // "square": wrong on pass 1 only
        if (i === 1 && first === 'star') return 'Sorry, I cannot determine that.'; // unanswerable on pass 3
        const label = /\n([A-D])\. (\w+)/g;
        for (const m of prompt.matchAll(label)) if (m[2] === texts[i % 4]) return m[1]!;
        return 'Z';
      },
    });
    const baseUrl = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vlm' } });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 8);
    const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'fake', circular: true });
    await ctx.backend.state.runs.settled(runId);
    const report = await ctx.backend.call('reports.run', { id: runId });
    expect(report.circular).toMatchObject({ circular: { n: 8, correct: 6 }, singlePass: { n: 8, correct: 8 }, flagged: 0 });
    expect(report.accuracy.overall).toMatchObject({ n: 8, correct: 6 });
    expect(report.circular!.byCategory.map((g) => [g.group, g.circular.correct, g.singlePass.correct])).toEqual([['even', 3, 4], ['odd', 3, 4]]);
    expect(report.extraction).toMatchObject({ unanswerable: 1 });
  });
});

describe('comparing a CircularEval run with a single-pass run', () => {
  let server: FakeOpenAI | undefined;
  afterEach(async () => server?.stop());

  it('compares both on their first pass and says so, instead of CircularEval against single pass', async () => {
    // A model that always answers "A": right on the first pass of the two questions whose gold is A, and under
    // CircularEval right on one rotation of every question, so never right on all four.
    server = new FakeOpenAI({ reply: () => 'A' });
    const baseUrl = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vlm' } });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 8);
    const circular = (await ctx.backend.call('runs.start', { datasetId, model: 'fake', circular: true })).runId;
    await ctx.backend.state.runs.settled(circular);
    const single = (await ctx.backend.call('runs.start', { datasetId, model: 'fake', circular: false })).runId;
    await ctx.backend.state.runs.settled(single);
    expect((await ctx.backend.call('reports.run', { id: circular })).accuracy.overall.correct).toBe(0);

    const cmp = await ctx.backend.call('reports.compare', { runIds: [circular, single] });
    expect(cmp.basis).toBe('first-pass');
    expect(cmp.note).toContain(`#${circular} used CircularEval`);
    expect(cmp.runs.map((r) => r.accuracy.correct)).toEqual([2, 2]);
    expect(cmp.pairs[0]).toMatchObject({ delta: 0, significant: false });

    const same = await ctx.backend.call('reports.compare', { runIds: [single, single] });
    expect([same.basis, same.note]).toEqual(['single-pass', null]);
    const seeing = await ctx.backend.call('reports.seeing', { withImages: circular, withoutImages: single });
    expect([seeing.basis, seeing.mg]).toEqual(['first-pass', 0]);
  });
});

describe('the answers a comparison page shows', () => {
  let server: FakeOpenAI | undefined;
  afterEach(async () => server?.stop());

  /** Each question's answer as its prediction rows say: the lowest pass's label, with "k/n passes" when it has several. */
  async function shownFromPredictions(runId: number, firstPassOnly: boolean): Promise<Map<number, string | null>> {
    const { rows } = await ctx.backend.call('runs.predictions', { runId, limit: 1000 });
    const byQuestion = new Map<number, typeof rows>();
    for (const r of [...rows].sort((a, b) => a.pass - b.pass)) byQuestion.set(r.questionId, [...(byQuestion.get(r.questionId) ?? []), r]);
    return new Map([...byQuestion].map(([q, passes]) => {
      const label = passes[0]!.corrected ?? passes[0]!.extracted;
      if (firstPassOnly || passes.length < 2) return [q, label];
      return [q, `${label ?? '∅'} · ${passes.filter((p) => p.outcome === 'correct').length}/${passes.length} passes`];
    }));
  }

  async function expectShownAsPredicted(runIds: number[], firstPass: boolean[]) {
    const cmp = await ctx.backend.call('reports.compare', { runIds, limit: 1000 });
    expect(cmp.disagreements.rows.length).toBeGreaterThan(0);
    const expected = await Promise.all(runIds.map((id, k) => shownFromPredictions(id, firstPass[k]!)));
    for (const row of cmp.disagreements.rows) {
      expect(row.answers.map((a) => a.label), `question ${row.questionId}`).toEqual(expected.map((m) => m.get(row.questionId)));
    }
    return cmp;
  }

  it('are the predictions’ answers: on every CircularEval pass, on the first pass alone, and after a correction', async () => {
    const texts = ['circle', 'square', 'triangle', 'star'];
    // A model that knows every answer (whatever the rotation), and one that always answers "A".
    server = new FakeOpenAI({
      reply: (prompt, request) => {
        if (request.model === 'always-a') return 'A';
        for (const m of prompt.matchAll(/\n([A-D])\. (\w+)/g)) if (m[2] === texts[questionNumber(prompt) % 4]) return m[1]!;
        return 'Z';
      },
    });
    const baseUrl = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'knows', baseUrl, model: 'knows-all' } });
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'always-a', baseUrl, model: 'always-a' } });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 8);
    const start = async (model: string, circular: boolean) => {
      const { runId } = await ctx.backend.call('runs.start', { datasetId, model, circular });
      await ctx.backend.state.runs.settled(runId);
      return runId;
    };
    const right = await start('knows', true);
    const alwaysA = await start('always-a', true);
    const single = await start('always-a', false);

    const circular = await expectShownAsPredicted([right, alwaysA], [false, false]);
    expect(circular.disagreements.rows[0]!.answers[1]!.label).toMatch(/^A · 1\/4 passes$/);
    await expectShownAsPredicted([alwaysA, single, right], [true, false, true]);

    // A person reads the always-A run's first pass of a question otherwise: the page shows the correction.
    const [first] = (await ctx.backend.call('runs.predictions', { runId: alwaysA, limit: 1 })).rows;
    await ctx.backend.call('runs.correct', { id: first!.id!, label: 'D' });
    const corrected = await expectShownAsPredicted([right, alwaysA], [false, false]);
    expect(corrected.disagreements.rows.find((r) => r.questionId === first!.questionId)!.answers[1]!.label).toMatch(/^D · /);
  });
});

describe('comparisons', () => {
  const ALL_RIGHT = Object.fromEntries(Object.keys(RIGHT).map((t) => [t, [true, true, true]])) as typeof RIGHT;
  const ALL_WRONG = Object.fromEntries(Object.keys(RIGHT).map((t) => [t, [false, false, false]])) as typeof RIGHT;

  it('tests each pair with McNemar on the common questions and lists the disagreements', async () => {
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 6);
    const a = await humanRun(ctx.backend, datasetId, (t) => scripted(t), 'scripted');
    const b = await humanRun(ctx.backend, datasetId, (t) => scripted(t, ALL_RIGHT), 'oracle');
    const c = await humanRun(ctx.backend, datasetId, (t) => scripted(t, { ...RIGHT, 6: [true, false, false] }), 'almost');
    const cmp = await ctx.backend.call('reports.compare', { runIds: [a, b, c] });
    expect(cmp.common).toBe(18);
    expect(cmp.runs.map((r) => r.accuracy.correct)).toEqual([10, 18, 11]);
    const ab = cmp.pairs.find((p) => p.first === a && p.second === b)!;
    expect(ab.mcnemar).toEqual({ onlyFirst: 0, onlySecond: 8, pValue: 2 * 0.5 ** 8, method: 'exact' });
    expect(ab).toMatchObject({ significant: true, decidedBy: 'cluster-bootstrap' });
    expect(ab.clusterBootstrap!.high).toBeLessThan(0);
    expect(ab.delta).toBeCloseTo((-8 / 18) * 100, 10);
    const ac = cmp.pairs.find((p) => p.first === a && p.second === c)!;
    expect(ac).toMatchObject({ significant: false, mcnemar: { onlyFirst: 0, onlySecond: 1, pValue: 1 } });
    expect(cmp.disagreements.total).toBe(8);
    expect(cmp.disagreements.rows[0]!.answers.map((x) => x.runId)).toEqual([a, b, c]);

    const paged = await ctx.backend.call('reports.compare', { runIds: [a, b], offset: 6, limit: 5 });
    expect(paged.disagreements.rows).toHaveLength(2);
  });

  it('gives triplets a cluster interval beside Wilson and decides significance with the paired cluster bootstrap', async () => {
    // Triplets 1–3 all right, 4–6 all wrong: 9 of 18 questions, but only 6 independent outcomes.
    const HALF = Object.fromEntries(Object.keys(RIGHT).map((t) => [t, Array(3).fill(Number(t) <= 3)])) as typeof RIGHT;
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 6);
    const a = await humanRun(ctx.backend, datasetId, (t) => scripted(t, HALF), 'half');
    const b = await humanRun(ctx.backend, datasetId, (t) => scripted(t, HALF), 'half again');
    const report = await ctx.backend.call('reports.run', { id: a });
    const { ci95, ci95Cluster } = report.accuracy.overall;
    expect(ci95Cluster!.clusters).toBe(6);
    expect(ci95Cluster!.high - ci95Cluster!.low).toBeGreaterThan(ci95.high - ci95.low);
    expect(ci95Cluster!.low).toBeLessThan(50);
    expect(ci95Cluster!.high).toBeGreaterThan(50);
    // A source's triplets are clustered too; within one role every question is its own cluster, so Wilson alone.
    expect(report.accuracy.by.source!.MMMU!.ci95Cluster?.clusters).toBe(3);
    expect(report.accuracy.by.role!.origin!.ci95Cluster).toBeUndefined();

    const same = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(same.runs[0]!.accuracy.ci95Cluster).toEqual(ci95Cluster);
    expect(same.pairs[0]).toMatchObject({ delta: 0, decidedBy: 'cluster-bootstrap', significant: false, clusterBootstrap: { low: 0, high: 0, pValue: 1, clusters: 6, resamples: 2000 } });
  });

  it('keeps Wilson and McNemar alone when every question is its own cluster', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const a = await humanRun(ctx.backend, datasetId, () => 'A', 'first');
    const b = await humanRun(ctx.backend, datasetId, () => 'B', 'second');
    expect((await ctx.backend.call('reports.run', { id: a })).accuracy.overall.ci95Cluster).toBeUndefined();
    const cmp = await ctx.backend.call('reports.compare', { runIds: [a, b] });
    expect(cmp.pairs[0]).toMatchObject({ decidedBy: 'mcnemar', clusterBootstrap: null });
  });

  it('refuses runs that share no scored question', async () => {
    const one = await seedTripletDataset(ctx.backend, ctx.dir, 2, 'one');
    const two = await seedTripletDataset(ctx.backend, ctx.dir, 2, 'two');
    const a = await humanRun(ctx.backend, one, () => 'B');
    const b = await humanRun(ctx.backend, two, () => 'B');
    await expect(ctx.backend.call('reports.compare', { runIds: [a, b] })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('no scored question in common') });
  });

  it('computes seeing-or-not (MG, ML) and ranks runs on the leaderboard', async () => {
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 6);
    const sv = await humanRun(ctx.backend, datasetId, (t) => scripted(t, ALL_RIGHT), 'with images');
    const swv = await humanRun(ctx.backend, datasetId, (t) => scripted(t), 'without images');
    const st = await humanRun(ctx.backend, datasetId, (t) => scripted(t, ALL_WRONG), 'text only');
    const seeing = await ctx.backend.call('reports.seeing', { withImages: sv, withoutImages: swv, textOnly: st });
    expect(seeing.common).toBe(18);
    expect(seeing.mg).toBeCloseTo(100 - (100 * 10) / 18, 10);
    expect(seeing.ml).toBeCloseTo((100 * 10) / 18, 10);
    const noText = await ctx.backend.call('reports.seeing', { withImages: sv, withoutImages: swv });
    expect(noText.ml).toBeNull();
    // The report names the runs each score came from, and says where their settings do not fit MMStar's protocol.
    expect(seeing.sources).toMatchObject({ sv: { id: sv, name: 'with images' }, swv: { id: swv, name: 'without images' }, st: { id: st, name: 'text only', images: true } });
    expect(seeing.warnings).toEqual([
      `S_wv (run ${swv}) was asked with images; MMStar's S_wv withholds them`,
      `S_t (run ${st}) was asked with images; MMStar's S_t is a text-only LLM`,
      expect.stringMatching(new RegExp(`^S_t \\(run ${st}\\) used the template ".+"; MMStar runs its LLMs 2-shot`)),
    ]);

    const board = await ctx.backend.call('reports.leaderboard');
    expect(board.rows.map((r) => r.runId)).toEqual([sv, swv, st]);
    expect(board.total).toBe(3);
    expect(board.rows.map((r) => r.genuineAccuracy)).toEqual([100, 16.67, 0]);
  });
});

describe('VRP and HTML', () => {
  /** A VLMEvalKit TSV whose extra columns carry VRPTest's relation values. */
  function vrpTsv(): string {
    const lines = ['index\tquestion\tA\tB\tanswer\tcategory\tlevel\tcolour\tshape'];
    const levels = ['none', 'partial', 'full'];
    for (let i = 0; i < 12; i++) lines.push(`${i}\tVRP question ${i}?\tyes\tno\t${i % 2 ? 'B' : 'A'}\t${i < 6 ? 'near' : 'far'}\t${levels[i % 3]}\t${i % 2 ? 'red' : 'blue'}\t${i < 6 ? 'box' : 'ellipse'}`);
    const file = join(ctx.dir, 'vrp.tsv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  it('groups accuracy by intervention level and relation value from imported VRPTest columns', async () => {
    const { datasetId } = await ctx.backend.call('imports.run', { files: [vrpTsv()], dataset: 'vrp' });
    // Right on every "none" question, wrong elsewhere.
    const runId = await humanRun(ctx.backend, datasetId, (text) => {
      const i = Number(/VRP question (\d+)/.exec(text)![1]);
      const gold = i % 2 ? 'B' : 'A';
      return i % 3 === 0 ? gold : gold === 'A' ? 'B' : 'A';
    }, 'vrp person');
    const report = await ctx.backend.call('reports.run', { id: runId });
    expect(report.vrp!.level).toMatchObject({ none: { n: 4, correct: 4 }, partial: { n: 4, correct: 0 }, full: { n: 4, correct: 0 } });
    expect(report.vrp!.colour).toMatchObject({ blue: { n: 6, correct: 2 }, red: { n: 6, correct: 2 } });
    expect(report.vrp!.shape).toMatchObject({ box: { n: 6, correct: 2 }, ellipse: { n: 6, correct: 2 } });
    const series = await ctx.backend.call('reports.vrp', { datasetId });
    expect(series.map((s) => s.name)).toEqual(['vrp person']);

    const { filename, html } = await ctx.backend.call('reports.html', { id: runId });
    expect(filename).toBe(`anchor-report-${runId}-vrp-person.html`);
    expect(html).toContain('VRP: accuracy per intervention level');
    expect(html.match(/<svg /g)!.length).toBeGreaterThanOrEqual(2); // radar + at least one bar chart
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('the HTML report carries the MMEvalPro table and heatmap, and a comparison when asked', async () => {
    const datasetId = await seedTripletDataset(ctx.backend, ctx.dir, 6);
    const a = await humanRun(ctx.backend, datasetId, (t) => scripted(t), 'scripted <b>');
    const b = await humanRun(ctx.backend, datasetId, () => 'B', 'oracle');
    const { html } = await ctx.backend.call('reports.html', { id: a, compare: [b] });
    expect(html).toContain('scripted &#60;b&#62;');
    expect(html).toContain('<table class="heatmap">');
    expect(html).toContain('>66.7<'); // P(origin right | perception right)
    expect(html).toContain('Comparison on 18 common questions');
    // Triplets: the paired cluster bootstrap decides, and both intervals stand beside the accuracy.
    expect(html).toContain('significant (cluster bootstrap)');
    expect(html).toMatch(/95% CI [\d.]+–[\d.]+ \(Wilson\); cluster bootstrap 95% CI [\d.]+–[\d.]+ over 6 clusters/);
  });
});

describe('MMBench abilities', () => {
  const L2 = ['coarse_perception', 'finegrained_perception (instance-level)', 'finegrained_perception (cross-instance)',
    'attribute_reasoning', 'relation_reasoning', 'logic_reasoning'];

  it('reports the L1 abilities (Perception, Reasoning) that MMBench\'s L2 categories fall under, beside L2', async () => {
    // Two questions per L2 ability, and two outside MMBench's taxonomy; the person gets the first of each pair right.
    const lines = ['index\tquestion\tA\tB\tanswer\tcategory\tl2-category'];
    [...L2, 'counting'].forEach((l2, k) => {
      for (const j of [0, 1]) lines.push(`${2 * k + j}\tMMBench question ${2 * k + j}?\tyes\tno\tA\tsub\t${l2}`);
    });
    const file = join(ctx.dir, 'mmbench.tsv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { datasetId } = await ctx.backend.call('imports.run', { files: [file], dataset: 'mmbench' });
    const runId = await humanRun(ctx.backend, datasetId, (text) => (Number(/question (\d+)/.exec(text)![1]) % 2 ? 'B' : 'A'), 'person');
    const report = await ctx.backend.call('reports.run', { id: runId });
    expect(report.accuracy.by.l1Category).toEqual({
      Perception: expect.objectContaining({ n: 6, correct: 3, accuracy: 50 }),
      Reasoning: expect.objectContaining({ n: 6, correct: 3, accuracy: 50 }),
    });
    expect(Object.keys(report.accuracy.by.l2Category!).sort()).toEqual([...L2, 'counting'].sort());
    expect((await ctx.backend.call('reports.html', { id: runId })).html).toContain('Accuracy by L1 ability (MMBench)');
  });

  it('leaves the grouping out for datasets without MMBench\'s L2 categories', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const runId = await humanRun(ctx.backend, datasetId, () => 'A', 'person');
    expect((await ctx.backend.call('reports.run', { id: runId })).accuracy.by.l1Category).toBeUndefined();
  });
});

describe('the leaderboard ranks only comparable runs together (issue 34 major 7)', () => {
  let server: FakeOpenAI | undefined;
  afterEach(async () => server?.stop());

  it('puts CircularEval and single-pass, image and no-image, subset and edited-prompt runs of one dataset in settings of their own', async () => {
    server = new FakeOpenAI({ reply: () => 'A' });
    const baseUrl = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vlm' } });
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 8);
    const [preset] = await ctx.backend.call('runs.templates');
    const run = async (input: Record<string, unknown>) => {
      const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'fake', ...input });
      await ctx.backend.state.runs.settled(runId);
      return runId;
    };
    const single = await run({});
    const baseline = await run({ model: 'random-guess', seed: 3 });
    const circular = await run({ circular: true });
    const noImages = await run({ images: false });
    const subset = await run({ limit: 4 });
    const edited = await run({ template: { ...preset!, id: 'mine', name: 'Mine', multipleChoice: 'Q: {question}\n{options}\nLetter only.' } });

    const board = await ctx.backend.call('reports.leaderboard', { datasetId });
    const keyOf = new Map(board.rows.map((r) => [r.runId, r.setting.key]));
    // The model and the random baseline share a setting; every other run is alone in its own.
    expect(keyOf.get(single)).toBe(keyOf.get(baseline));
    expect(new Set([single, circular, noImages, subset, edited].map((id) => keyOf.get(id))).size).toBe(5);
    expect(board.settings.map((s) => s.runs)).toEqual([2, 1, 1, 1, 1]);
    expect(board.settings[0]).toMatchObject({ key: keyOf.get(single), questions: 8, circular: false, images: true });
    // Rows of one setting stand together, so no rank crosses settings.
    const keys = board.rows.map((r) => r.setting.key);
    expect(keys.filter((k, i) => i === 0 || k !== keys[i - 1])).toHaveLength(5);
    const row = (id: number) => board.rows.find((r) => r.runId === id)!.setting;
    expect(row(circular)).toMatchObject({ circular: true, images: true, questions: 8 });
    expect(row(noImages)).toMatchObject({ circular: false, images: false });
    expect(row(subset)).toMatchObject({ questions: 4 });
    expect(row(edited)).toMatchObject({ templateName: 'Mine' });
    expect(row(subset).questionSet).not.toBe(row(single).questionSet);

    // Filtered to one setting: only its runs, best first, and its own total.
    const one = await ctx.backend.call('reports.leaderboard', { datasetId, setting: keyOf.get(single)! });
    expect(one.rows.map((r) => r.runId).sort()).toEqual([single, baseline].sort());
    expect(one.total).toBe(2);
    expect(one.rows[0]!.accuracy.accuracy).toBeGreaterThanOrEqual(one.rows[1]!.accuracy.accuracy);
  });
});
