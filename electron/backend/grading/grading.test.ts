import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GradingReport } from '@shared/contract';
import { GRADE_TRIES, MMVET_PROMPT, MMVET_RETRY_SUFFIX } from '@shared/scoring/graded';
import { png, withProject, writeTsv } from '../../../test/fixtures';
import { graderReply, modelReply, writeMmVetFolder } from '../../../test/mmvet-fixtures';
import { FakeOpenAI, type ChatBody } from '../../../test/openai-server';

/**
 * Issue 35 item 1, MM-Vet's acceptance: our own questions in MM-Vet's format (`test/fixtures/conformance/mmvet/`),
 * answered by a local model server and graded through a local grader server whose grades depend on the prompt
 * (`test/mmvet-fixtures.ts`), give the totals, capability and integration scores computed by hand below.
 */

const ctx = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function serve(reply: (prompt: string, body: ChatBody) => string): Promise<{ server: FakeOpenAI; url: string }> {
  const server = new FakeOpenAI({ reply });
  servers.push(server);
  return { server, url: await server.start() };
}

async function importMmVet(): Promise<number> {
  const result = await ctx.backend.call('imports.run', { files: [writeMmVetFolder(ctx.dir)], dataset: 'mmvet' });
  expect(result.format).toBe('mmvet');
  return result.datasetId;
}

async function answeredRun(datasetId: number): Promise<{ runId: number; grader: FakeOpenAI }> {
  const model = await serve(modelReply);
  const grader = await serve(graderReply);
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'model', baseUrl: model.url, model: 'vl-7b' } });
  await ctx.backend.call('endpoints.save', { endpoint: { name: 'grader', baseUrl: grader.url, model: 'gpt-grader' } });
  const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'model' });
  await ctx.backend.state.runs.settled(runId);
  return { runId, grader: grader.server };
}

const group = (groups: GradingReport['byCapability'], name: string) => groups.find((g) => g.name === name)!;

describe('MM-Vet graded scoring (issue 35 item 1)', () => {
  it('imports mm-vet.json as graded open questions with their capabilities and <AND>/<OR> truths', async () => {
    const datasetId = await importMmVet();
    const page = await ctx.backend.call('questions.list', { datasetId, limit: 100 });
    expect(page.rows).toHaveLength(9);
    const item = await ctx.backend.call('items.get', { id: page.rows.find((r) => r.text.includes('landmark'))!.itemId });
    expect(item.questions[0]).toMatchObject({ type: 'open', scoring: 'graded', answer: ['Eiffel Tower<AND>Paris'] });
    expect([item.extId, item.source, item.category]).toEqual(['v1_3', 'MM-Vet', 'rec,know']);
    expect(item.images).toHaveLength(1);
    // Exported as a VLMEvalKit TSV it is VLMEvalKit's MMVet layout, which imports back as the same graded questions.
    const out = join(ctx.dir, 'MMVet.tsv');
    await ctx.backend.call('exports.run', { dataset: 'mmvet', format: 'vlmevalkit', out });
    const again = await ctx.backend.call('imports.run', { files: [out], dataset: 'mmvet-again' });
    const rows = (await ctx.backend.call('questions.list', { datasetId: again.datasetId, limit: 100 })).rows;
    const back = await ctx.backend.call('items.get', { id: rows.find((r) => r.text.includes('landmark'))!.itemId });
    expect([back.category, back.questions[0]!.scoring, back.questions[0]!.answer]).toEqual(['rec,know', 'graded', ['Eiffel Tower<AND>Paris']]);
  });

  it('grades twice through the grader: total, capability and integration means ± std as computed by hand', async () => {
    const { runId, grader } = await answeredRun(await importMmVet());
    const report = await ctx.backend.call('gradings.run', { runId, grader: 'grader', repeats: 2 });
    // Run 1 grades: animal 1, sign 1, receipt 0, landmark 0.5, arrow 1, equation 0.5, car 0, caption ungraded, price 1.
    // Run 2: animal 0.8 and landmark 0.6, the rest alike. The caption (rec, gen) is left out of both runs.
    expect(report.total.runs).toEqual([5 / 8 * 100, 4.9 / 8 * 100]);
    expect(report.total.mean).toBeCloseTo((62.5 + 61.25) / 2, 10);
    expect(report.total.std).toBeCloseTo(0.625, 10);
    expect([report.questions, report.ungraded, report.ungradedQuestions, report.overridden]).toEqual([9, 2, 1, 0]);
    const caps = report.byCapability;
    expect(caps.map((g) => [g.name, g.questions])).toEqual([['ocr', 5], ['rec', 4], ['math', 2], ['know', 1], ['gen', 1], ['spat', 1]]);
    expect(group(caps, 'rec').runs[0]).toBeCloseTo((1 + 0.5 + 0) / 3 * 100, 10);
    expect(group(caps, 'rec').runs[1]).toBeCloseTo((0.8 + 0.6 + 0) / 3 * 100, 10);
    expect(group(caps, 'ocr')).toMatchObject({ mean: 70, std: 0 });
    expect(group(caps, 'math')).toMatchObject({ mean: 25, std: 0 });
    expect(group(caps, 'know').mean).toBeCloseTo(55, 10);
    expect(group(caps, 'know').std).toBeCloseTo(5, 10);
    expect(group(caps, 'spat')).toMatchObject({ mean: 100 });
    expect(group(caps, 'gen')).toMatchObject({ mean: null, std: null, runs: [null, null] });
    const ints = report.byIntegration;
    // Largest first, then in MM-Vet's capability order (rec, ocr, know, gen, spat, math).
    expect(ints.map((g) => [g.name, g.questions])).toEqual([['rec', 2], ['ocr', 2], ['ocr_math', 2], ['rec_know', 1], ['rec_gen', 1], ['ocr_spat', 1]]);
    expect(group(ints, 'rec').runs).toEqual([50, 40]);
    expect(group(ints, 'ocr_math').mean).toBe(25);
    expect(group(ints, 'ocr').mean).toBe(100);
    expect(group(ints, 'rec_know').runs.map((r) => Math.round(r! * 1e9) / 1e9)).toEqual([50, 60]);

    // Every prompt and reply is kept: the caption's five tries per run, with MM-Vet's digit request from the second on.
    const grades = await ctx.backend.call('gradings.grades', { id: report.grading.id });
    const caption = grades.find((g) => g.prediction === 'GARBLE')!;
    expect(caption.grades.map((g) => [g.score, g.tries.length])).toEqual([[null, 5], [null, 5]]);
    expect(caption.grades[0]!.tries[0]!.prompt).toBe(`${MMVET_PROMPT}\nWrite a caption for the photo. | a dog catching a frisbee | GARBLE | `);
    expect(caption.grades[0]!.tries.slice(1).every((t) => t.prompt.endsWith(MMVET_RETRY_SUFFIX) && t.reply === 'N/A')).toBe(true);
    const captionAsks = grader.requests.filter((r) => r.prompt.includes('| GARBLE |') && (r.body.seed ?? 0) < GRADE_TRIES);
    expect(captionAsks.map((r) => [r.body.temperature, r.body.max_tokens])).toEqual([[0, 3], [0.5, 3], [1, 3], [1.5, 3], [2, 3]]);
    // A non-score reply is asked again, and the retry's score counts.
    const price = grades.find((g) => g.prediction === 'It costs $3')!;
    expect(price.grades.map((g) => [g.score, g.tries.map((t) => t.reply)])).toEqual([[1, ['Score: 1.0', '1.0']], [1, ['Score: 1.0', '1.0']]]);
  });

  it('reads a repeated grading from the cache, and a person\'s override counts in every run and is reported', async () => {
    const { runId, grader } = await answeredRun(await importMmVet());
    const first = await ctx.backend.call('gradings.run', { runId, grader: 'grader', repeats: 2 });
    const asked = grader.requests.length;
    const again = await ctx.backend.call('gradings.run', { runId, grader: 'grader', repeats: 2 });
    expect(grader.requests.length).toBe(asked);
    expect(again.grading.calls).toBe(again.grading.cachedCalls);
    expect(again.total).toEqual(first.total);

    const caption = (await ctx.backend.call('gradings.grades', { id: again.grading.id })).find((g) => g.prediction === 'GARBLE')!;
    const overridden = await ctx.backend.call('gradings.override', { gradingId: again.grading.id, questionId: caption.questionId, score: 0.4, note: 'checked by hand' });
    expect([overridden.ungraded, overridden.overridden]).toEqual([0, 1]);
    expect(overridden.total.runs[0]).toBeCloseTo(5.4 / 9 * 100, 10);
    expect(overridden.total.runs[1]).toBeCloseTo(5.3 / 9 * 100, 10);
    expect(group(overridden.byCapability, 'gen')).toMatchObject({ mean: 40, std: 0 });
    await expect(ctx.backend.call('gradings.override', { gradingId: again.grading.id, questionId: caption.questionId, score: 1.5 }))
      .rejects.toMatchObject({ code: 'invalid_input' });
    const cleared = await ctx.backend.call('gradings.override', { gradingId: again.grading.id, questionId: caption.questionId, score: null });
    expect([cleared.ungraded, cleared.overridden]).toEqual([2, 0]);
    expect((await ctx.backend.call('gradings.list', { runId })).map((g) => g.id)).toEqual([again.grading.id, first.grading.id]);
  });

  it('imports VLMEvalKit\'s MMVet TSV, and a JSONL dataset\'s own rubric reaches the grader', async () => {
    const tsv = join(ctx.dir, 'MMVet.tsv');
    const image = png(8, 6).toString('base64');
    writeTsv(tsv, [['index', 'image', 'question', 'answer', 'category'], ['0', image, 'What is the sum?', '7<OR>seven', 'ocr,math'], ['1', '0', 'What is it?', 'cat', 'Other']]);
    const fromTsv = await ctx.backend.call('imports.run', { files: [tsv], dataset: 'mmvet-tsv' });
    const rows = (await ctx.backend.call('questions.list', { datasetId: fromTsv.datasetId, limit: 10 })).rows;
    const sum = await ctx.backend.call('items.get', { id: rows.find((r) => r.text.includes('sum'))!.itemId });
    expect(sum.questions[0]!.scoring).toBe('graded');
    const other = await ctx.backend.call('items.get', { id: rows.find((r) => r.text === 'What is it?')!.itemId });
    expect(other.questions[0]!.scoring).toBe('mmmu-open');

    const rubric = 'Grade the caption from 0.0 to 1.0 for how well it names the animal.';
    const jsonl = join(ctx.dir, 'rubric.jsonl');
    writeFileSync(jsonl, `${JSON.stringify({ id: 'r1', question: 'What animal is on the sofa?', answer: 'cat', scoring: 'graded', capabilities: ['rec'], rubric })}\n`);
    const own = await ctx.backend.call('imports.run', { files: [jsonl], dataset: 'rubric' });
    const { runId, grader } = await answeredRun(own.datasetId);
    const report = await ctx.backend.call('gradings.run', { runId, grader: 'grader' });
    expect(grader.requests[0]!.prompt).toBe(`${rubric}\nWhat animal is on the sofa? | cat | A small kitten. | `);
    expect([report.repeats, report.total.mean]).toEqual([1, 0]);
    const tsvRun = await ctx.backend.call('runs.start', { datasetId: fromTsv.datasetId, model: 'model' });
    await ctx.backend.state.runs.settled(tsvRun.runId);
    const tsvReport = await ctx.backend.call('gradings.run', { runId: tsvRun.runId, grader: 'grader' });
    expect([tsvReport.questions, tsvReport.byCapability.map((g) => g.name)]).toEqual([1, ['ocr', 'math']]);
    // A run without graded questions has nothing to grade.
    const plain = await ctx.backend.call('runs.start', { datasetId: fromTsv.datasetId, model: 'model', filter: { text: 'What is it' } });
    await ctx.backend.state.runs.settled(plain.runId);
    await expect(ctx.backend.call('gradings.run', { runId: plain.runId, grader: 'grader' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
