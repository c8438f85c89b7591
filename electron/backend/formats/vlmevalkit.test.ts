import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { backendWithProject, datasetContent, png, sampleTsvRows, withProject, writeTsv } from '../../../test/fixtures';

const t = withProject();

async function snapshot(datasetId: number) {
  const { rows } = await t.backend.call('questions.list', { datasetId, limit: 1000 });
  return Promise.all(rows.map(async (r) => {
    const item = await t.backend.call('items.get', { id: r.itemId });
    const { id: _i, datasetId: _d, datasetName: _n, questions, ...rest } = item;
    return { ...rest, questions: questions.map(({ id: _q, ...q }) => q) };
  }));
}

describe('VLMEvalKit TSV', () => {
  it('imports rows as items with one origin question, options, answers and reused images', async () => {
    const file = join(t.dir, 'bench.tsv');
    writeTsv(file, sampleTsvRows(5));
    const result = await t.backend.call('imports.run', { files: [file] });
    expect(result).toMatchObject({ dataset: 'bench', format: 'vlmevalkit', items: 5, questions: 5, images: 4 });
    const page = await t.backend.call('questions.list', { datasetId: result.datasetId });
    expect(page.total).toBe(5);
    const third = await t.backend.call('items.get', { id: page.rows[2]!.itemId });
    const first = await t.backend.call('items.get', { id: page.rows[0]!.itemId });
    expect(third.images[0]!.hash).toBe(first.images[0]!.hash);
    expect(first.images[0]).toMatchObject({ mime: 'image/png', width: 8, height: 6 });
    expect(first.questions[0]).toMatchObject({ role: 'origin', text: 'Question 0: what is shown?\twith a tab', answer: ['B'] });
    expect(first.questions[0]!.options).toEqual([{ label: 'A', text: 'cat' }, { label: 'B', text: 'dog' }]);
    const second = await t.backend.call('items.get', { id: page.rows[1]!.itemId });
    expect(second.questions[0]!.options.map((o) => o.label)).toEqual(['A', 'B', 'C']);
    expect(second.questions[0]!.hint).toBe('a hint');
  });

  it('groups an already-circular TSV (indices n, n+1e6, n+2e6, n+3e6) into one question per index % 1e6', async () => {
    const [header, ...rows] = sampleTsvRows(2);
    // VLMEvalKit's MMBench layout: the rotated copies follow, their image cell naming the main row's index.
    const rotate = (row: string[], k: number, answer: string) => {
      const texts = row.slice(4, 8).filter((x) => x !== '');
      const rotated = [0, 1, 2, 3].map((j) => (j < texts.length ? texts[(j + k) % texts.length]! : ''));
      return [String(Number(row[0]) + k * 1_000_000), row[0]!, row[2]!, row[3]!, ...rotated, answer, ...row.slice(9)];
    };
    const file = join(t.dir, 'circular.tsv');
    writeTsv(file, [header!, ...rows, rotate(rows[0]!, 1, 'A')]);
    const result = await t.backend.call('imports.run', { files: [file] });
    expect(result).toMatchObject({ items: 2, questions: 2 });
    const page = await t.backend.call('questions.list', { datasetId: result.datasetId });
    expect(page.total).toBe(2);
  });

  it('round-trips import → export → import without losing anything', async () => {
    const file = join(t.dir, 'orig.tsv');
    writeTsv(file, sampleTsvRows(6));
    const a = await t.backend.call('imports.run', { files: [file], dataset: 'a' });
    const out = join(t.dir, 'exported.tsv');
    const exported = await t.backend.call('exports.run', { dataset: 'a', format: 'vlmevalkit', out });
    expect(exported).toMatchObject({ items: 6, questions: 6 });
    const b = await t.backend.call('imports.run', { files: [out], dataset: 'b' });
    expect(await snapshot(b.datasetId)).toEqual(await snapshot(a.datasetId));
    // The reused image is written once and referenced by index, as VLMEvalKit does.
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines[3]!.split('\t')[1]).toBe('0');
  });

  it('keeps columns named __proto__ and constructor through import and export', async () => {
    const file = join(t.dir, 'named.tsv');
    const rows = sampleTsvRows(2).map((r, i) => [...r, i === 0 ? '__proto__' : `p${i}`, i === 0 ? 'constructor' : `c${i}`]);
    writeTsv(file, rows);
    await t.backend.call('imports.run', { files: [file], dataset: 'named' });
    const out = join(t.dir, 'named-out.tsv');
    await t.backend.call('exports.run', { dataset: 'named', format: 'vlmevalkit', out });
    const [header, first] = parse(readFileSync(out, 'utf8'), { delimiter: '\t', relax_quotes: true }) as string[][];
    expect(first![header!.indexOf('__proto__')]).toBe('p1');
    expect(first![header!.indexOf('constructor')]).toBe('c1');
  });

  it('leaves out a grouping column empty on every row, so VLMEvalKit\'s _acc.csv gets no NaN column', async () => {
    const file = join(t.dir, 'no-l2.tsv');
    writeTsv(file, sampleTsvRows(4).map((r, i) => r.map((cell, c) => (i > 0 && c === 10 ? '' : cell))));
    await t.backend.call('imports.run', { files: [file], dataset: 'no-l2' });
    const out = join(t.dir, 'no-l2-out.tsv');
    await t.backend.call('exports.run', { dataset: 'no-l2', format: 'vlmevalkit', out });
    const [header] = parse(readFileSync(out, 'utf8'), { delimiter: '\t', relax_quotes: true }) as string[][];
    expect(header).toEqual(['index', 'image', 'question', 'hint', 'A', 'B', 'C', 'D', 'answer', 'category', 'split', 'extra_note']);
  });

  it('writes a triplet\'s questions as rows of their own, numbered, with triplet_id and role columns', async () => {
    const file = join(t.dir, 'triplets.json');
    const image = png(9, 7, '#446688').toString('base64');
    writeFileSync(file, JSON.stringify([1, 2].flatMap((tid) => ['Origin', 'Perception', 'Knowledge'].map((evalType, r) => ({
      index: (tid - 1) * 3 + r, triplet_id: tid, question: `${evalType} question ${tid}`, choices: ['one', 'two'], answer: 'B', image, source: 'MMMU',
      question_category: 'math', eval_type: evalType,
    })))));
    await t.backend.call('imports.run', { files: [file], dataset: 'triplets' });
    const out = join(t.dir, 'triplets.tsv');
    await t.backend.call('exports.run', { dataset: 'triplets', format: 'vlmevalkit', out });
    const rows = parse(readFileSync(out, 'utf8'), { delimiter: '\t', columns: true, relax_quotes: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.index, r.triplet_id, r.role, r.question])).toEqual([
      ['0', '1', 'origin', 'Origin question 1'], ['1', '1', 'perception', 'Perception question 1'], ['2', '1', 'knowledge', 'Knowledge question 1'],
      ['3', '2', 'origin', 'Origin question 2'], ['4', '2', 'perception', 'Perception question 2'], ['5', '2', 'knowledge', 'Knowledge question 2'],
    ]);
    expect(Object.keys(rows[0]!)).not.toContain('l2-category');
    // Read back, the rows are triplets again: the same items and questions, and the same file once more.
    const back = await t.backend.call('imports.run', { files: [out], dataset: 'triplets-back' });
    expect(back).toMatchObject({ items: 2, questions: 6 });
    const content = async (id: number) => (await datasetContent(t.backend, id)).map((i) => [i.extId, i.images.map((im) => im.hash),
      i.questions.map((q) => [q.role, q.text, q.options, q.answer])]);
    const first = (await t.backend.call('datasets.list')).find((d) => d.name === 'triplets')!.id;
    expect(await content(back.datasetId)).toEqual(await content(first));
    const again = join(t.dir, 'triplets-again.tsv');
    await t.backend.call('exports.run', { dataset: 'triplets-back', format: 'vlmevalkit', out: again });
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('refuses a triplet with two questions of one role, and a role it does not know, naming the line', async () => {
    const image = png(8, 6).toString('base64');
    const header = ['index', 'image', 'question', 'A', 'B', 'answer', 'triplet_id', 'role'];
    const file = join(t.dir, 'bad-triplet.tsv');
    writeTsv(file, [header, ['0', image, 'Q0', 'x', 'y', 'A', '7', 'origin'], ['1', '0', 'Q1', 'x', 'y', 'B', '7', 'origin']]);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow('bad-triplet.tsv:3: triplet 7 has a second origin question');
    writeTsv(file, [header, ['0', image, 'Q0', 'x', 'y', 'A', '7', 'Origin?']]);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow('bad-triplet.tsv:2: role "Origin?" is not origin, perception or knowledge');
  });

  const failing: [string, (rows: string[][]) => string, RegExp][] = [
    ['a row with too many cells', (rows) => { rows[4]!.push('extra'); return tsv(rows); }, /bad\.tsv:5: malformed TSV/],
    ['bad base64', (rows) => { rows[4]![1] = 'not*base64!'.repeat(10); return tsv(rows); }, /bad\.tsv:5: the image is not valid base64/],
    ['bytes that are not an image', (rows) => { rows[3]![1] = Buffer.from('hello world, not a picture at all, '.repeat(4)).toString('base64'); return tsv(rows); }, /bad\.tsv:4: the bytes are not a PNG/],
    ['a reference to a missing row', (rows) => { rows[5]![1] = '99'; return tsv(rows); }, /bad\.tsv:6: the image refers to row index 99/],
    ['a non-integer index', (rows) => { rows[2]![0] = 'x1'; return tsv(rows); }, /bad\.tsv:3: index "x1" is not an integer/],
    ['a duplicate index', (rows) => { rows[4]![0] = '1'; return tsv(rows); }, /bad\.tsv:5: index 1 appears twice/],
    ['a missing question column', (rows) => tsv(rows.map((r) => r.filter((_, i) => i !== 2))), /bad\.tsv:1: the header has no "question" column/],
    ['options with a gap', (rows) => { rows[2]![5] = ''; rows[2]![6] = 'x'; return tsv(rows); }, /bad\.tsv:3: options must be labelled contiguously/],
    ['a truncated file', (rows) => tsv(rows).slice(0, tsv(rows).length - 40) + '"unterminated', /bad\.tsv:\d+: malformed TSV/],
  ];

  it.each(failing)('refuses %s, naming the line, and leaves the project byte-for-byte unchanged', async (_name, make, message) => {
    const good = join(t.dir, 'good.tsv');
    writeTsv(good, sampleTsvRows(3));
    await t.backend.call('imports.run', { files: [good] });
    await t.backend.close();
    const before = readFileSync(t.project);
    t.backend = (await backendWithProject(t.dir, 'other.anchor')).backend;
    await t.backend.call('projects.open', { path: t.project });
    const bad = join(t.dir, 'bad.tsv');
    writeFileSync(bad, make(sampleTsvRows(6)));
    await expect(t.backend.call('imports.run', { files: [bad] })).rejects.toThrow(message);
    await t.backend.close();
    expect(readFileSync(t.project).equals(before)).toBe(true);
    t.backend = (await backendWithProject(t.dir, 'third.anchor')).backend;
  });
});

function tsv(rows: string[][]): string {
  return stringify(rows, { delimiter: '\t', record_delimiter: 'unix' });
}

describe('control characters', () => {
  it('refuses NUL and other control characters in a question\'s texts, naming the file line and the place in the text', async () => {
    const file = join(t.dir, 'ctl.tsv');
    const rows = sampleTsvRows(3);
    rows[2]![5] = 'dog\u0000';
    writeTsv(file, rows);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toMatchObject({
      code: 'import_failed', message: 'ctl.tsv:3: option B holds the control character U+0000 at line 1, column 4 of its text; remove it',
    });
    const escaped = sampleTsvRows(3);
    escaped[3]![2] = 'first line\nsec\u001bond';
    writeTsv(file, escaped);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/ctl\.tsv:4: the question holds the control character U\+001B at line 2, column 4/);
    expect(await t.backend.call('datasets.list', {})).toEqual([]);
  });
});
