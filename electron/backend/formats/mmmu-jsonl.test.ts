import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { png, withProject } from '../../../test/fixtures';

const t = withProject();

describe('MMMU', () => {
  const mmmuRows = () => [
    { id: 'validation_Art_Theory_1', question: 'Which style is shown in <image 1> and <image 2>?', options: "['Baroque', \"Rococo's\", 'Gothic']",
      answer: 'B', question_type: 'multiple-choice', image_1: png(9, 9, '#aa0000'), image_2: png(9, 9, '#00aa00'), subfield: 'Art History', topic_difficulty: 'Easy' },
    { id: 'validation_Math_7', question: 'What is x in <image 1>?', options: '[]', answer: "['0.5', '1/2']", question_type: 'short-answer', image_1: png(9, 9, '#0000aa'), subfield: 'Algebra', topic_difficulty: 'Hard' },
  ];

  it('reads parquet with options stored as a string, image_1…7 and <image k> placeholders', async () => {
    const r = mmmuRows();
    const file = join(t.dir, 'validation-00000-of-00001.parquet');
    writeFileSync(file, Buffer.from(parquetWriteBuffer({
      columnData: [
        { name: 'id', data: r.map((x) => x.id), type: 'STRING' },
        { name: 'question', data: r.map((x) => x.question), type: 'STRING' },
        { name: 'options', data: r.map((x) => x.options), type: 'STRING' },
        { name: 'answer', data: r.map((x) => x.answer), type: 'STRING' },
        { name: 'question_type', data: r.map((x) => x.question_type), type: 'STRING' },
        { name: 'image_1', data: r.map((x) => x.image_1), type: 'BYTE_ARRAY' },
        { name: 'image_2', data: r.map((x) => x.image_2 ?? null), type: 'BYTE_ARRAY', nullable: true },
        { name: 'subfield', data: r.map((x) => x.subfield), type: 'STRING' },
        { name: 'topic_difficulty', data: r.map((x) => x.topic_difficulty), type: 'STRING' },
      ] as never,
    })));
    const result = await t.backend.call('imports.run', { files: [file], dataset: 'mmmu' });
    expect(result).toMatchObject({ format: 'mmmu', items: 2, questions: 2, images: 3 });
    const page = await t.backend.call('questions.list', { datasetId: result.datasetId });
    const art = await t.backend.call('items.get', { id: page.rows[0]!.itemId });
    expect(art).toMatchObject({ subject: 'Art_Theory', split: 'validation', source: 'MMMU', category: 'Art History' });
    expect(art.images).toHaveLength(2);
    expect(art.meta).toMatchObject({ imageSlots: [1, 2], topic_difficulty: 'Easy' });
    expect(art.questions[0]!.options.map((o) => o.text)).toEqual(['Baroque', "Rococo's", 'Gothic']);
    expect(art.questions[0]!.text).toContain('<image 1>');
    const math = await t.backend.call('items.get', { id: page.rows[1]!.itemId });
    expect(math.questions[0]).toMatchObject({ type: 'open', answer: ['0.5', '1/2'], options: [] });
  });

  it('reads the JSON release with images as HF-style {bytes, path} structs', async () => {
    const r = mmmuRows().map((x) => ({ ...x, image_1: { bytes: x.image_1.toString('base64'), path: null }, image_2: x.image_2 ? { bytes: x.image_2.toString('base64'), path: null } : null }));
    const file = join(t.dir, 'mmmu.json');
    writeFileSync(file, JSON.stringify(r));
    expect(await t.backend.call('imports.run', { files: [file] })).toMatchObject({ format: 'mmmu', items: 2, images: 3 });
  });

  it('names the row and the image slot of a bad image', async () => {
    const r = mmmuRows().map((x) => ({ ...x, image_1: x.image_1.toString('base64'), image_2: x.image_2?.toString('base64') ?? null }));
    r[1]!.image_1 = 'Zm9v'.repeat(30);
    const file = join(t.dir, 'mmmu.json');
    writeFileSync(file, JSON.stringify(r));
    await expect(t.backend.call('imports.run', { files: [file], format: 'mmmu' })).rejects.toThrow(/mmmu\.json row 2: image_1: the bytes are not a PNG/);
  });
});

describe('generic JSONL', () => {
  it('reads images by paths relative to the file and groups lines sharing an item into triplets', async () => {
    mkdirSync(join(t.dir, 'img'));
    writeFileSync(join(t.dir, 'img', 'a.png'), png(12, 8, '#123456'));
    const lines = [
      { item: 't1', role: 'origin', question: 'How many?', options: ['1', '2'], answer: 'B', image: 'img/a.png', category: 'count' },
      { item: 't1', role: 'perception', question: 'What is shown?', options: { A: 'dots', B: 'lines' }, answer: 'A', image: 'img/a.png' },
      { item: 't1', role: 'knowledge', question: 'Define counting.', answer: ['enumeration', 'tally'], note: 'kept' },
      { id: 'solo', question: 'Open question?', answer: '42' },
    ];
    const file = join(t.dir, 'custom.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const result = await t.backend.call('imports.run', { files: [file] });
    expect(result).toMatchObject({ format: 'jsonl', items: 2, questions: 4, images: 1 });
    const page = await t.backend.call('questions.list', { datasetId: result.datasetId });
    const t1 = await t.backend.call('items.get', { id: page.rows[0]!.itemId });
    expect(t1.questions.map((q) => q.role)).toEqual(['origin', 'perception', 'knowledge']);
    expect(t1.images).toHaveLength(1);
    expect(t1.questions[1]!.options).toEqual([{ label: 'A', text: 'dots' }, { label: 'B', text: 'lines' }]);
    expect(t1.questions[2]).toMatchObject({ type: 'open', answer: ['enumeration', 'tally'] });
  });

  it('refuses a missing image file, naming the line', async () => {
    const file = join(t.dir, 'custom.jsonl');
    writeFileSync(file, `${JSON.stringify({ question: 'ok?', image: 'missing.png' })}\n`);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/custom\.jsonl:1: image file missing\.png does not exist/);
  });

  it('refuses a FIFO or a device given as an image path, naming the line, and never waits on it', async () => {
    const fifo = join(t.dir, 'pipe.png');
    execFileSync('mkfifo', [fifo]);
    // A real writer feeds the FIFO, so code that reads it gets an image instead of hanging the test: either way a FIFO
    // must be refused before it is read.
    const writer = spawn(process.execPath, ['-e', `require('node:fs').writeFileSync(${JSON.stringify(fifo)}, Buffer.from(${JSON.stringify(png(4, 4, '#aa0000').toString('base64'))}, 'base64'))`], { stdio: 'ignore' });
    try {
      const file = join(t.dir, 'custom.jsonl');
      writeFileSync(file, `${JSON.stringify({ question: 'fine?' })}\n${JSON.stringify({ question: 'piped?', image: 'pipe.png' })}\n`);
      await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/custom\.jsonl:2: image file pipe\.png is not a regular file \(a FIFO\)/);
      writeFileSync(file, `${JSON.stringify({ question: 'device?', image: '/dev/null' })}\n`);
      await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/custom\.jsonl:1: image file \/dev\/null is not a regular file \(a device\)/);
      expect(await t.backend.call('datasets.list', {})).toEqual([]);
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('refuses a FIFO given as the file to import, naming it, and never waits on it', async () => {
    const fifo = join(t.dir, 'piped.jsonl');
    execFileSync('mkfifo', [fifo]);
    // A real writer feeds the FIFO a valid file, so code that reads it imports it instead of hanging the test.
    const writer = spawn(process.execPath, ['-e', `require('node:fs').writeFileSync(${JSON.stringify(fifo)}, '{"question":"piped?"}\\n')`], { stdio: 'ignore' });
    try {
      await expect(t.backend.call('imports.run', { files: [fifo] })).rejects.toMatchObject({
        code: 'import_failed', message: 'piped.jsonl: not a regular file (a FIFO); only files are imported',
      });
      expect(await t.backend.call('datasets.list', {})).toEqual([]);
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('refuses a NUL byte in a question, naming the line and the place in the text', async () => {
    const file = join(t.dir, 'custom.jsonl');
    writeFileSync(file, `${JSON.stringify({ question: 'fine' })}\n${JSON.stringify({ question: 'cut\u0000here' })}\n`);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/custom\.jsonl:2: the question holds the control character U\+0000 at line 1, column 4/);
  });

  it('refuses an empty question, naming the line', async () => {
    const file = join(t.dir, 'custom.jsonl');
    writeFileSync(file, `${JSON.stringify({ question: 'fine' })}\n\n${JSON.stringify({ question: '  ' })}\n`);
    await expect(t.backend.call('imports.run', { files: [file] })).rejects.toThrow(/custom\.jsonl:3: the question is empty/);
  });
});
