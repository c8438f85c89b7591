import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { circularPasses } from '@shared/scoring/circular';
import { png, withProject, writeTsv } from '../../../../test/fixtures';
import type { Backend } from '../../index';

const ctx = withProject();
const OPTIONS = ['circle', 'square', 'triangle', 'star'];

/** Questions with numeric ids as VLMEvalKit numbers them ("0" … "n-1"), gold cycling A–D. */
async function seedNumbered(backend: Backend, dir: string, n: number): Promise<number> {
  const folder = join(dir, 'numbered');
  mkdirSync(folder, { recursive: true });
  const lines = Array.from({ length: n }, (_, i) => {
    writeFileSync(join(folder, `${i}.png`), png(10 + i, 8, `#${(0x405060 + i * 0x030507).toString(16).slice(-6)}`));
    return JSON.stringify({ id: String(i), question: `Which shape is marked in picture ${i}?`, options: OPTIONS, answer: 'ABCD'[i % 4], image: `${i}.png` });
  });
  writeFileSync(join(folder, 'numbered.jsonl'), `${lines.join('\n')}\n`);
  return (await backend.call('imports.run', { files: [join(folder, 'numbered.jsonl')], dataset: 'numbered' })).datasetId;
}

async function writeXlsx(path: string, header: string[], rows: (string | number)[][]): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  await book.xlsx.writeFile(path);
}

/**
 * What the model said on every circular copy: question 0 right on all passes (by letter, by option text, by a
 * sentence), question 1 wrong on pass 2, question 2 unanswerable on pass 0, question 3 right throughout.
 */
function circularRows(): { index: number; options: string[]; answer: string; prediction: string }[] {
  const rows: { index: number; options: string[]; answer: string; prediction: string }[] = [];
  for (let q = 0; q < 4; q++) {
    const plan = circularPasses(OPTIONS.map((text, i) => ({ label: 'ABCD'[i]!, text })), ['ABCD'[q % 4]!]);
    for (const p of plan.passes) {
      const answer = p.answer[0]!;
      const goldText = p.options.find((o) => o.label === answer)!.text;
      const wrong = p.options.find((o) => o.label !== answer)!.label;
      const prediction = q === 1 && p.pass === 2 ? wrong : q === 2 && p.pass === 0 ? 'I cannot tell from this image.'
        : p.pass % 3 === 0 ? answer : p.pass % 3 === 1 ? goldText : `The marked shape is ${answer}.`;
      rows.push({ index: p.pass * 1e6 + q, options: p.options.map((o) => o.text), answer, prediction });
    }
  }
  return rows;
}

describe('VLMEvalKit prediction files as runs', () => {
  it('reads an xlsx with circular copies and a judge result file, and scores as the same predictions in a plain table', async () => {
    const datasetId = await seedNumbered(ctx.backend, ctx.dir, 4);
    const rows = circularRows();
    const xlsx = join(ctx.dir, 'GPT4o_numbered.xlsx');
    await writeXlsx(xlsx, ['index', 'question', 'A', 'B', 'C', 'D', 'answer', 'category', 'prediction'],
      rows.map((r) => [r.index, `Which shape is marked in picture ${r.index % 1e6}?`, ...r.options, r.answer, 'shapes', r.prediction]));
    // The judge's verdict per circular group; it calls question 2 right, where our reading finds an unanswerable pass.
    const judge = join(ctx.dir, 'GPT4o_numbered_gpt-4o_result.xlsx');
    await writeXlsx(judge, ['index', 'question', 'prediction', 'hit', 'log'], [0, 1, 2, 3].map((q) => [
      q, `Which shape is marked in picture ${q}?`, rows.find((r) => r.index === q)!.prediction, q === 1 ? 0 : 1, `group ${q}: judged`,
    ]));
    const fromXlsx = await ctx.backend.call('runs.importPredictions', { datasetId, path: xlsx, judgePath: judge, model: 'GPT4o' });
    expect(fromXlsx).toMatchObject({ format: 'vlmevalkit', predictions: 16, unmatched: [] });

    const plain = join(ctx.dir, 'plain.tsv');
    writeTsv(plain, [['index', 'A', 'B', 'C', 'D', 'prediction'], ...rows.map((r) => [String(r.index), ...r.options, r.prediction])]);
    const fromTable = await ctx.backend.call('runs.importPredictions', { datasetId, path: plain, format: 'table', model: 'GPT4o' });

    const [a, b] = await Promise.all([fromXlsx.runId, fromTable.runId].map((id) => ctx.backend.call('reports.run', { id })));
    // 16 passes, all right but q1 pass 2 and q2 pass 0: under CircularEval only q0 and q3 count as right.
    expect(a!.accuracy.overall).toMatchObject({ n: 4, correct: 2 });
    expect(a!.circular).toMatchObject({ circular: { n: 4, correct: 2 }, singlePass: { n: 4, correct: 3 } });
    expect(b!.accuracy).toEqual(a!.accuracy);
    expect(b!.circular).toEqual(a!.circular);
    const labels = async (runId: number) => (await ctx.backend.call('runs.predictions', { runId, limit: 100 })).rows.map((r) => [r.questionId, r.pass, r.extracted, r.outcome]);
    expect(await labels(fromTable.runId)).toEqual(await labels(fromXlsx.runId));

    // The toolkit's verdicts beside ours: they differ on question 2 only, and the comparison says so.
    const q2 = (await labels(fromXlsx.runId)).find((r) => r[1] === 0 && r[3] === 'failed')![0] as number;
    expect(fromXlsx.toolkit).toMatchObject({ source: 'vlmevalkit', questions: 4, agree: 3, disagreements: [{ questionId: q2, ours: false, theirs: true, log: 'group 2: judged' }] });
    expect(await ctx.backend.call('runs.toolkit', { id: fromXlsx.runId })).toEqual(fromXlsx.toolkit);
    expect(fromTable.toolkit).toBeNull();
  });

  it('refuses a circular copy whose options are not the question\'s, and a judge row with no prediction, naming the line', async () => {
    const datasetId = await seedNumbered(ctx.backend, ctx.dir, 2);
    const before = (await ctx.backend.call('runs.list')).length;
    const bad = join(ctx.dir, 'bad.xlsx');
    await writeXlsx(bad, ['index', 'A', 'B', 'C', 'D', 'prediction'], [[0, ...OPTIONS, 'A'], [1000000, 'square', 'triangle', 'star', 'hexagon', 'B']]);
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: bad, model: 'm' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: "bad.xlsx: line 3: its options are not the question's options in another order" });
    const good = join(ctx.dir, 'good.csv');
    writeFileSync(good, 'index,prediction\n0,A\n1,B\n');
    const judge = join(ctx.dir, 'judge.csv');
    writeFileSync(judge, 'index,hit,log\n0,1,ok\n7,0,stray\n');
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: good, judgePath: judge, model: 'm' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: 'judge.csv: index 7: no row with this index in good.csv' });
    expect((await ctx.backend.call('runs.list')).length).toBe(before);
  });
});

describe('VLMEvalKit prediction files dumped as JSON (PRED_FORMAT=json)', () => {
  // What Python's json.dump writes for a DataFrame's records: an empty cell is the bare literal NaN.
  const record = (index: number, prediction: string, d: string) => `    {\n        "index": ${index},\n        "A": "circle",\n        "B": "square",\n`
    + `        "C": "triangle",\n        "D": ${d},\n        "hint": NaN,\n        "hit": Infinity,\n        "prediction": ${JSON.stringify(prediction)}\n    }`;
  const dumped = (...records: string[]) => `[\n${records.join(',\n')}\n]`;

  it('reads NaN and Infinity literals as empty cells, leaving the same words inside strings alone', async () => {
    const datasetId = await seedNumbered(ctx.backend, ctx.dir, 2);
    const file = join(ctx.dir, 'model_numbered.json');
    writeFileSync(file, dumped(record(0, 'A', '"star"'), record(1, 'NaN, or -Infinity: B', '"star"')));
    const result = await ctx.backend.call('runs.importPredictions', { datasetId, path: file, model: 'm' });
    expect(result).toMatchObject({ format: 'vlmevalkit', predictions: 2, correct: 2 });
    const rows = (await ctx.backend.call('runs.predictions', { runId: result.runId, limit: 10 })).rows;
    expect(rows.map((r) => [r.raw, r.extracted])).toEqual([['A', 'A'], ['NaN, or -Infinity: B', 'B']]);
  });

  it('refuses a row it cannot match naming the line its record starts on, and a file that is no list of records', async () => {
    const datasetId = await seedNumbered(ctx.backend, ctx.dir, 2);
    const file = join(ctx.dir, 'model_numbered.json');
    writeFileSync(file, dumped(record(0, 'A', '"star"'), record(1000000, 'B', 'NaN')));
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: file, model: 'm' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: "model_numbered.json: line 12: its options are not the question's options in another order" });
    writeFileSync(file, '[{"index": 0, "prediction": "A"}, 7]');
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: file, model: 'm' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: 'model_numbered.json: record 2: not an object of columns' });
  });
});

describe('lmms-eval samples as runs', () => {
  const sample = (docId: number, doc: Record<string, unknown>, reply: string, filtered: string, exact: number) =>
    JSON.stringify({ doc_id: docId, doc, target: '', arguments: [], resps: [[reply]], filtered_resps: [filtered], exact_match: exact, doc_hash: 'h' });

  it('matches by id or by question text and options, lists unmatched rows, and scores as a plain table', async () => {
    const datasetId = await seedNumbered(ctx.backend, ctx.dir, 4);
    const file = join(ctx.dir, 'llava_numbered_samples.jsonl');
    writeFileSync(file, [
      sample(0, { id: '0', question: 'ignored when the id matches' }, 'A', 'A', 1),
      // No id: the question's text (re-wrapped) and options find it.
      sample(1, { question: 'Which shape is marked\n in picture 1?', options: "['circle', 'square', 'triangle', 'star']" }, 'It is the square.', 'B', 1),
      sample(2, { id: '2', question: 'x' }, 'D', 'D', 0),
      sample(3, { question: 'A question this project does not have', options: OPTIONS }, 'C', 'C', 0),
      // doc_id 3 is only a position in the task's split: it must not match question "3".
      sample(4, { question: 'Which shape is marked in picture 3?', options: ['circle', 'square', 'star', 'triangle'] }, 'D', 'D', 1),
    ].join('\n'));
    const before = (await ctx.backend.call('runs.list')).length;
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: file, model: 'llava' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^llava_numbered_samples\.jsonl: line 4: no origin question with text "A question this project does not have" .*\(and 1 more rows/),
    });
    expect((await ctx.backend.call('runs.list')).length).toBe(before);

    const r = await ctx.backend.call('runs.importPredictions', { datasetId, path: file, model: 'llava', skipUnmatched: true });
    expect(r).toMatchObject({ format: 'lmms-eval', predictions: 3, correct: 2 });
    expect(r.unmatched.map((u) => u.where)).toEqual(['line 4', 'line 5']);
    expect(r.toolkit).toMatchObject({ source: 'lmms-eval', questions: 3, agree: 3, disagreements: [] });

    const plain = join(ctx.dir, 'plain.tsv');
    writeTsv(plain, [['index', 'prediction'], ['0', 'A'], ['1', 'It is the square.'], ['2', 'D']]);
    const t = await ctx.backend.call('runs.importPredictions', { datasetId, path: plain, format: 'table', model: 'llava' });
    const [a, b] = await Promise.all([r.runId, t.runId].map((id) => ctx.backend.call('reports.run', { id })));
    expect(a!.accuracy.overall).toMatchObject({ n: 3, correct: 2 });
    expect(b!.accuracy).toEqual(a!.accuracy);
  });

  it('reads the JSON form with a "logs" array and refuses a sample with no reply', async () => {
    const datasetId = await seedNumbered(ctx.backend, ctx.dir, 2);
    const file = join(ctx.dir, 'samples.json');
    writeFileSync(file, JSON.stringify({ logs: [JSON.parse(sample(0, { id: '0' }, 'A', 'A', 1)), JSON.parse(sample(1, { id: '1' }, 'C', 'C', 0))] }, null, 2));
    expect(await ctx.backend.call('runs.importPredictions', { datasetId, path: file, model: 'm' })).toMatchObject({ format: 'lmms-eval', predictions: 2, correct: 1 });
    const empty = join(ctx.dir, 'empty.jsonl');
    writeFileSync(empty, `${sample(0, { id: '0' }, 'A', 'A', 1)}\n${JSON.stringify({ doc_id: 1, doc: { id: '1' }, resps: [], filtered_resps: [] })}\n`);
    await expect(ctx.backend.call('runs.importPredictions', { datasetId, path: empty, model: 'm' }))
      .rejects.toMatchObject({ message: 'empty.jsonl: line 2: no reply in "resps" or "filtered_resps"' });
  });
});
