import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures';
import { pickExtra } from './fields';
import { readTable } from './spreadsheet';

// Column and field names are data: one named `__proto__` must stay a column, not set the prototype of the row's object.
describe('columns named like what every object inherits', () => {
  it('keeps a field named __proto__ among a row\'s extra fields', () => {
    const row = JSON.parse('{"question":"q","__proto__":"p","constructor":"c"}') as Record<string, unknown>;
    const extra = pickExtra(row, new Set(['question']));
    expect(Object.entries(extra)).toEqual([['__proto__', 'p'], ['constructor', 'c']]);
    expect(JSON.stringify(extra)).toBe('{"__proto__":"p","constructor":"c"}');
  });

  it('reads a workbook column named __proto__ as a column', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = join(dir, 'predictions.xlsx');
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Sheet1');
      sheet.addRow(['index', '__proto__', 'constructor']);
      sheet.addRow(['0', 'p', 'c']);
      await book.xlsx.writeFile(path);
      const { records } = await readTable(path);
      expect(records.map((r) => Object.entries(r))).toEqual([[['index', '0'], ['__proto__', 'p'], ['constructor', 'c']]]);
    } finally {
      cleanup();
    }
  });
});
