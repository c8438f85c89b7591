import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../errors';

/** A table read from a CSV, TSV or xlsx file: one record per data row, cells as text, the header being line 1. */
export interface TableRows {
  records: Record<string, string>[];
  /** The 1-based line (row) number of each record, as a text editor or a spreadsheet shows it. */
  lines: number[];
}

/** True when the file's name says it is a spreadsheet workbook (VLMEvalKit writes `{model}_{dataset}.xlsx`). */
export const isWorkbook = (path: string) => extname(path).toLowerCase() === '.xlsx';

/** A cell's value as the text a person sees: numbers as written, rich text joined, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

async function readWorkbook(path: string): Promise<TableRows> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.readFile(path);
  } catch (error) {
    throw new AppError('invalid_input', `${basename(path)}: not a readable xlsx workbook: ${(error as Error).message}`);
  }
  // VLMEvalKit writes one sheet; the first is the table.
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError('invalid_input', `${basename(path)}: the workbook has no sheet`);
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => { header[column] = cellText(cell.value).trim(); });
  const records: Record<string, string>[] = [];
  const lines: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    // Own properties: a column named `__proto__` is a column like any other (an assignment would set the prototype).
    const record: Record<string, string> = Object.fromEntries(header.flatMap((name, column) => (name ? [[name, cellText(row.getCell(column).value)]] : [])));
    if (Object.values(record).every((v) => v === '')) return;
    records.push(record);
    lines.push(number);
  });
  return { records, lines };
}

function readDelimited(path: string): TableRows {
  let records: Record<string, string>[];
  try {
    records = parseCsv(readFileSync(path, 'utf8'), {
      columns: true, delimiter: extname(path).toLowerCase() === '.csv' ? ',' : '\t', skip_empty_lines: true, relax_quotes: true, bom: true,
    });
  } catch (error) {
    throw new AppError('invalid_input', `${basename(path)}: ${(error as Error).message}`);
  }
  // Line numbers as an editor shows them: the header is line 1 (quoted newlines inside a cell are rare in these files).
  return { records, lines: records.map((_, i) => i + 2) };
}

/** Reads a prediction table whatever its container: xlsx by its extension, otherwise CSV (`.csv`) or TSV. */
export async function readTable(path: string): Promise<TableRows> {
  return isWorkbook(path) ? readWorkbook(path) : readDelimited(path);
}
