import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { png, withProject, writeTsv } from '../../../test/fixtures';
import { FakeOpenAI } from '../../../test/openai-server';

/** Files made by VLMEvalKit's own code (README.md there says how): a circular TSV, predictions and its evaluation. */
const FIXTURES = join(__dirname, '../../../test/fixtures/conformance/vlmevalkit-circular');
const CIRCULAR_TSV = join(FIXTURES, 'mmbench_mini_circular.tsv');

const t = withProject();
let server: FakeOpenAI | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
});

type Cells = Record<string, string>;

function tsvRows(file: string): Cells[] {
  return parse(readFileSync(file, 'utf8'), { delimiter: '\t', columns: true, relax_quotes: true }) as Cells[];
}

const optionTexts = (row: Cells) => ['A', 'B', 'C', 'D'].map((l) => row[l] ?? '').filter((x) => x !== '');

async function importCircular(dataset = 'mmbench') {
  return t.backend.call('imports.run', { files: [CIRCULAR_TSV], dataset });
}

async function runCircular(datasetId: number): Promise<number> {
  server = new FakeOpenAI({ reply: () => 'A' });
  const baseUrl = await server.start();
  await t.backend.call('endpoints.save', { endpoint: { name: 'fake', baseUrl, model: 'fake-vl', concurrency: 2, timeoutMs: 600_000 } });
  const started = t.backend.state.runs.start({
    datasetId, model: 'fake', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
    maxTokens: null, seed: null, imageMaxSide: 1536, circular: true, images: true, judge: null, concurrency: null, failFast: false, batch: false,
    triplets: 'submitted',
  }, null);
  await started.done;
  return started.runId;
}

/** The option texts each request showed, in order, one string per request. */
const askedOptions = (s: FakeOpenAI) => s.requests.map((r) => [...r.prompt.matchAll(/^([A-D])\. (.+)$/gm)].map((m) => m[2]!).join(' | ')).sort();

describe('a circular TSV written by VLMEvalKit\'s CIRCULAR()', () => {
  it('imports: image references to rows further down resolve, and the copies stay with their questions', async () => {
    const rows = tsvRows(CIRCULAR_TSV);
    const result = await importCircular();
    const mains = rows.filter((r) => Number(r.index) < 1e6);
    expect(result).toMatchObject({ items: mains.length, questions: mains.length });
    const list = await t.backend.call('questions.list', { datasetId: result.datasetId, limit: 1000 });
    const items = await Promise.all(list.rows.map((r) => t.backend.call('items.get', { id: r.itemId })));
    const byExt = new Map(items.map((i) => [i.extId, i]));
    expect(byExt.size).toBe(mains.length);
    // Row 9 names row 2 for its image, and CIRCULAR() moved row 2 below it (three options come after four).
    const referrer = rows.findIndex((r) => r.index === '9');
    expect(rows[referrer]!.image).toBe('2');
    expect(rows.findIndex((r) => r.index === '2')).toBeGreaterThan(referrer);
    expect(byExt.get('9')!.images.map((i) => i.hash)).toEqual(byExt.get('2')!.images.map((i) => i.hash));
    expect(byExt.get('15')!.images.map((i) => i.hash)).toEqual(byExt.get('3')!.images.map((i) => i.hash));
    expect(items.every((i) => i.images.length === 1)).toBe(true);
    // Every copy is kept as it is in the file (the question's meta): its index, its option order, its answer.
    const db = t.backend.state.requireProject().db;
    const metas = db.prepare<[], { ext_id: string; meta: string }>('SELECT i.ext_id, q.meta FROM questions q JOIN items i ON i.id = q.item_id').all();
    expect(metas).toHaveLength(mains.length);
    for (const { ext_id: extId, meta } of metas) {
      const circular = (JSON.parse(meta) as { circular: { copies: { index: string; options: { text: string }[]; answer: string[] }[] } }).circular;
      const copies = rows.filter((r) => Number(r.index) >= 1e6 && String(Number(r.index) % 1e6) === extId);
      expect(circular.copies.map((c) => [c.index, c.options.map((o) => o.text), c.answer])).toEqual(copies.map((r) => [r.index, optionTexts(r), [r.answer]]));
    }
  });

  it('asks exactly the file\'s rows under --circular: each copy with its own option order, never a regenerated one', async () => {
    const rows = tsvRows(CIRCULAR_TSV);
    const { datasetId } = await importCircular();
    const runId = await runCircular(datasetId);
    expect(askedOptions(server!)).toEqual(rows.map((r) => optionTexts(r).join(' | ')).sort());
    const predictions = (await t.backend.call('runs.predictions', { runId, limit: 1000 })).rows;
    expect(predictions).toHaveLength(rows.length);
  });

  it('keeps copies that are no rotation (another tool\'s shuffles): asked and exported as the file has them', async () => {
    const file = join(t.dir, 'shuffled.tsv');
    const image = png(8, 6, '#336699').toString('base64');
    const row = (index: string, img: string, options: string[], answer: string) => [index, img, 'Which animal is shown?', ...options, answer, 'animals'];
    writeTsv(file, [
      ['index', 'image', 'question', 'A', 'B', 'C', 'D', 'answer', 'category'],
      row('0', image, ['cat', 'dog', 'owl', 'eel'], 'B'),
      row('1000000', '0', ['dog', 'cat', 'eel', 'owl'], 'A'),
      row('2000000', '0', ['owl', 'eel', 'cat', 'dog'], 'D'),
      row('3000000', '0', ['eel', 'owl', 'dog', 'cat'], 'C'),
    ]);
    const { datasetId } = await t.backend.call('imports.run', { files: [file], dataset: 'shuffled' });
    await runCircular(datasetId);
    expect(askedOptions(server!)).toEqual(['cat | dog | owl | eel', 'dog | cat | eel | owl', 'eel | owl | dog | cat', 'owl | eel | cat | dog']);
    const out = join(t.dir, 'shuffled-out.tsv');
    await t.backend.call('exports.run', { dataset: 'shuffled', format: 'vlmevalkit', out });
    expect(tsvRows(out).map((r) => [r.index, optionTexts(r), r.answer])).toEqual(tsvRows(file).map((r) => [r.index, optionTexts(r), r.answer]));
  });

  it('refuses a copy whose options or answer are not its question\'s, naming the line', async () => {
    const file = join(t.dir, 'bad-copy.tsv');
    const image = png(8, 6, '#336699').toString('base64');
    writeTsv(file, [
      ['index', 'image', 'question', 'A', 'B', 'answer'],
      ['0', image, 'Which animal?', 'cat', 'dog', 'B'],
      ['1000000', '0', 'Which animal?', 'dog', 'cat', 'B'],
    ]);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(
      'bad-copy.tsv:3: index 1000000 is a circular copy of row index 0 (its index modulo 1 000 000), but its answer is not the text of the question\'s answer',
    );
  });

  it('exports the same rows back: 71 in, 71 out, same indices, option orders, answers and order', async () => {
    await importCircular();
    const out = join(t.dir, 'exported.tsv');
    await t.backend.call('exports.run', { dataset: 'mmbench', format: 'vlmevalkit', out });
    const shape = (rows: Cells[]) => rows.map((r) => [r.index, optionTexts(r), r.answer, r.g_index, r.question, r.category]);
    const original = tsvRows(CIRCULAR_TSV);
    const exported = tsvRows(out);
    expect(exported).toHaveLength(original.length);
    expect(shape(exported)).toEqual(shape(original));
    // A copy names its question's row for the image, as CIRCULAR() writes it.
    expect(exported.filter((r) => Number(r.index) >= 1e6).every((r) => r.image === String(Number(r.index) % 1e6))).toBe(true);
  });

  it('writes fresh rotations for a question whose copies no longer fit it, numbered as VLMEvalKit numbers them', async () => {
    await importCircular();
    // No screen edits an origin question today; the project file is changed directly, as another tool could.
    const db = t.backend.state.requireProject().db;
    db.prepare(`UPDATE questions SET options = json('[{"label":"A","text":"crimson"},{"label":"B","text":"blue"},{"label":"C","text":"green"},{"label":"D","text":"yellow"}]')
      WHERE ext_index = '12'`).run();
    const out = join(t.dir, 'edited.tsv');
    await t.backend.call('exports.run', { dataset: 'mmbench', format: 'vlmevalkit', out });
    const rows = tsvRows(out).filter((r) => Number(r.index) % 1e6 === 12);
    expect(rows.map((r) => [r.index, optionTexts(r), r.answer])).toEqual([
      ['12', ['crimson', 'blue', 'green', 'yellow'], 'B'],
      ['1000012', ['blue', 'green', 'yellow', 'crimson'], 'A'],
      ['2000012', ['green', 'yellow', 'crimson', 'blue'], 'D'],
      ['3000012', ['yellow', 'crimson', 'blue', 'green'], 'C'],
    ]);
  });
});
