import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { png, sampleTsvRows, withProject, writeTsv } from '../../../test/fixtures';
import { incompleteImage } from './image-complete';

const t = withProject();

/** Imports a file that must be refused: the error names the place, the file is untouched, the project unchanged. */
async function refused(file: string, message: RegExp, extra: Record<string, unknown> = {}) {
  const before = readFileSync(file);
  await expect(t.backend.call('imports.run', { files: [file], ...extra })).rejects.toMatchObject({ code: 'import_failed', message: expect.stringMatching(message) });
  expect(readFileSync(file).equals(before)).toBe(true);
  expect(await t.backend.call('datasets.list')).toEqual([]);
}

function jpeg(): Buffer {
  const canvas = createCanvas(16, 12);
  canvas.getContext('2d').fillRect(0, 0, 8, 8);
  return canvas.toBuffer('image/jpeg');
}

describe('imports verify what they store', () => {
  it('tells complete images from cut ones by their end, without decoding', () => {
    const whole = png(40, 30);
    expect(incompleteImage(whole, 'image/png')).toBeNull();
    expect(incompleteImage(whole.subarray(0, 84), 'image/png')).toMatch(/cut short/);
    expect(incompleteImage(whole.subarray(0, whole.length - 1), 'image/png')).toMatch(/IEND/);
    const photo = jpeg();
    expect(incompleteImage(photo, 'image/jpeg')).toBeNull();
    expect(incompleteImage(Buffer.concat([photo, Buffer.alloc(16)]), 'image/jpeg')).toBeNull(); // zero padding after EOI
    expect(incompleteImage(photo.subarray(0, photo.length - 40), 'image/jpeg')).toMatch(/EOI/);
  });

  it('refuses a TSV whose image is a PNG cut to 84 bytes, naming the line', async () => {
    const rows = sampleTsvRows(4);
    rows[2]![1] = png(40, 30).subarray(0, 84).toString('base64');
    const file = join(t.dir, 'cut-image.tsv');
    writeTsv(file, rows);
    await refused(file, /^cut-image\.tsv:3: .*PNG image is cut short/);
  });

  it('refuses a TSV cut inside its last image at a 4-character boundary', async () => {
    const rows = sampleTsvRows(4);
    rows[4]![1] = png(60, 40, '#aa3300').toString('base64');
    rows[4]![12] = '';
    const file = join(t.dir, 'cut-file.tsv');
    writeTsv(file, rows);
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf(rows[4]![1]!);
    writeFileSync(file, text.slice(0, start + Math.floor((rows[4]![1]!.length / 2) / 4) * 4));
    await refused(file, /^cut-file\.tsv:\d+: /);
  });

  it('refuses a file that ends inside a multibyte character, naming the cut character\'s byte offset', async () => {
    const rows = sampleTsvRows(2);
    rows[2]![12] = 'costs 5 \u20ac';
    const file = join(t.dir, 'cut-euro.tsv');
    writeTsv(file, rows);
    const whole = readFileSync(file);
    // The file breaks off after two of the euro sign's three bytes (0xe2 0x82 0xac), as a copy interrupted mid-way does.
    const cut = whole.subarray(0, whole.lastIndexOf(0xac));
    writeFileSync(file, cut);
    const line = cut.toString('latin1').split('\n').length;
    const column = [...cut.toString('utf8').split('\n').at(-1)!].length;
    await refused(file, new RegExp(`^cut-euro\\.tsv:${line}: column ${column}: the file ends inside a multibyte character \\(0xe2 0x82 at byte offset ${cut.length - 2}\\)`));
  });

  it('refuses a Latin-1 TSV with the line and column of its first accent, and imports it intact with --encoding', async () => {
    const rows = sampleTsvRows(3);
    rows[2]![2] = 'Qu\u00e9 forme voit-on ?';
    const file = join(t.dir, 'latin1.tsv');
    const utf8 = join(t.dir, 'utf8.tsv');
    writeTsv(utf8, rows);
    writeFileSync(file, Buffer.from(readFileSync(utf8, 'utf8'), 'latin1'));
    await refused(file, /^latin1\.tsv:3: column \d+: byte 0xe9 at byte offset \d+ is not UTF-8; .*--encoding/);
    const message = await t.backend.call('imports.run', { files: [file] }).then(() => '', (e: Error) => e.message);
    const column = Number(/column (\d+)/.exec(message)![1]);
    const line = readFileSync(file, 'latin1').split('\n')[2]!;
    expect(line[column - 1]).toBe('\u00e9');
    expect(readFileSync(file)[Number(/byte offset (\d+)/.exec(message)![1])]).toBe(0xe9);

    const imported = await t.backend.call('imports.run', { files: [file], encoding: 'latin1' });
    const { rows: questions } = await t.backend.call('questions.list', { datasetId: imported.datasetId, limit: 10 });
    expect(questions.map((q) => q.text)).toContain('Qu\u00e9 forme voit-on ?');
    await expect(t.backend.call('imports.run', { files: [file], encoding: 'klingon', dataset: 'x' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
