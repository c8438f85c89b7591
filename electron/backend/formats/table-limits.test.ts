import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures';
import { writeXlsxBomb } from '../../../test/xlsx-bomb';
import { readTable } from './spreadsheet';
import { TABLE_LIMITS } from './table-limits';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});
function dir(): string {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}

const kept = (name: string) => name === 'index' || name === 'prediction';

describe('prediction tables are read within limits (attack 9)', () => {
  it('refuses a workbook that unzips past the limit before any reader builds its contents', async () => {
    // The CLI's test unzips past the real limit (128 MB); here a lower one keeps the test quick.
    const file = join(dir(), 'bomb.xlsx');
    writeXlsxBomb(file, 5 * 1024 * 1024);
    // Small on disk: the ratio is what makes it a bomb.
    expect(statSync(file).size).toBeLessThan(64 * 1024);
    const limits = { ...TABLE_LIMITS, unzippedBytes: 4 * 1024 * 1024 };
    await expect(readTable(file, kept, limits)).rejects.toMatchObject({ code: 'too_large', message: 'bomb.xlsx: the workbook unzips to more than 4 MB, the most this studio reads' });
  });

  it('refuses a workbook cell longer than the limit, naming the line and column', async () => {
    const file = join(dir(), 'long-cell.xlsx');
    writeXlsxBomb(file, TABLE_LIMITS.cellChars + 1);
    await expect(readTable(file, kept)).rejects.toMatchObject({
      code: 'too_large', message: 'long-cell.xlsx: line 2: the "prediction" cell is longer than 1,000,000 characters, the most a cell may hold',
    });
  });

  it('refuses a CSV cell longer than the limit, and reads one at the limit', async () => {
    const d = dir();
    const file = join(d, 'long.csv');
    writeFileSync(file, `index,prediction\n0,A\n1,${'b'.repeat(TABLE_LIMITS.cellChars + 1)}\n`);
    await expect(readTable(file, kept)).rejects.toMatchObject({ code: 'too_large', message: 'long.csv: line 3: the "prediction" cell is longer than 1,000,000 characters, the most a cell may hold' });
    const fits = join(d, 'fits.csv');
    writeFileSync(fits, `index,prediction\n0,${'b'.repeat(TABLE_LIMITS.cellChars)}\n`);
    expect((await readTable(fits, kept)).records[0]!.prediction).toHaveLength(TABLE_LIMITS.cellChars);
  });

  it('stops at the row limit and the line limit, naming them, and holds no column the reader drops', async () => {
    const d = dir();
    const file = join(d, 'rows.tsv');
    writeFileSync(file, `index\tquestion\tprediction\n${Array.from({ length: 5 }, (_, i) => `${i}\t${'q'.repeat(40)}\tA`).join('\n')}\n`);
    const read = await readTable(file, kept);
    expect(read.records[0]).toEqual({ index: '0', prediction: 'A' });
    expect(read.lines).toEqual([2, 3, 4, 5, 6]);
    await expect(readTable(file, kept, { ...TABLE_LIMITS, rows: 3 })).rejects.toMatchObject({ code: 'too_large', message: 'rows.tsv: line 5: more than 3 rows, the most a table may have' });
    await expect(readTable(file, kept, { ...TABLE_LIMITS, lineChars: 30 })).rejects.toMatchObject({ code: 'too_large', message: expect.stringMatching(/^rows\.tsv: line \d+: longer than 0 MB characters/) });
  });

  it('refuses a JSON table over its size before parsing it, and holds its records to the row and cell limits', async () => {
    const file = join(dir(), 'model.json');
    writeFileSync(file, JSON.stringify([0, 1, 2, 3].map((i) => ({ index: i, question: 'q'.repeat(40), prediction: 'A' })), null, 4));
    const read = await readTable(file, kept);
    expect(read.records[1]).toEqual({ index: '1', prediction: 'A' });
    expect(read.lines).toEqual([2, 7, 12, 17]);
    await expect(readTable(file, kept, { ...TABLE_LIMITS, jsonBytes: 100 })).rejects.toMatchObject({ code: 'too_large', message: 'model.json: the JSON file is larger than 0 MB, the most this studio reads' });
    await expect(readTable(file, kept, { ...TABLE_LIMITS, rows: 3 })).rejects.toMatchObject({ code: 'too_large', message: 'model.json: line 17: more than 3 rows, the most a table may have' });
  });

  it('reads a workbook within the limits as before, row numbers as the spreadsheet shows them', async () => {
    const file = join(dir(), 'fine.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['index', 'question', 'prediction']);
    sheet.addRow([0, 'Which?', 'A']);
    sheet.addRow([]);
    sheet.addRow([1, 'Which else?', { richText: [{ text: 'B' }, { text: '!' }] }]);
    await book.xlsx.writeFile(file);
    expect(await readTable(file, kept)).toEqual({ records: [{ index: '0', prediction: 'A' }, { index: '1', prediction: 'B!' }], lines: [2, 4] });
  });
});
