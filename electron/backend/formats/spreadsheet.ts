import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseCsv, CsvError } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../errors';
import { readJsonRecords } from './json-records';
import { cellTooLong, lineTooLong, TABLE_LIMITS, tooManyRows, type TableLimits } from './table-limits';
import { checkUnzippedSize, notReadable } from './zip-guard';

/** A table read from a CSV, TSV or xlsx file: one record per data row, cells as text, the header being line 1. */
export interface TableRows {
  records: Record<string, string>[];
  /** The 1-based line (row) number of each record, as a text editor or a spreadsheet shows it. */
  lines: number[];
}

/** Which columns a reader keeps: a prediction file's image or question columns are read past, never held. */
export type KeepColumn = (name: string) => boolean;

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

/** Collects records, holding each to the limits: rows, and characters per kept cell. */
class TableBuilder {
  readonly table: TableRows = { records: [], lines: [] };

  constructor(private readonly path: string, private readonly limits: TableLimits) {}

  add(record: Record<string, string>, line: number): void {
    if (this.table.records.length >= this.limits.rows) throw tooManyRows(this.path, line, this.limits);
    for (const [column, text] of Object.entries(record)) {
      if (text.length > this.limits.cellChars) throw cellTooLong(this.path, line, column, this.limits);
    }
    this.table.records.push(record);
    this.table.lines.push(line);
  }
}

/** Row values of exceljs's streaming reader are 1-based by column. */
function rowTexts(row: ExcelJS.Row): string[] {
  const values = Array.isArray(row.values) ? (row.values as ExcelJS.CellValue[]) : [];
  return values.map((v) => cellText(v));
}

/**
 * A workbook, first unzipped into nothing to measure it (`checkUnzippedSize`), then read a row at a time by exceljs's
 * streaming reader: the whole-workbook reader held every cell of every sheet at once.
 */
async function readWorkbook(path: string, keep: KeepColumn, limits: TableLimits): Promise<TableRows> {
  await checkUnzippedSize(path, limits.unzippedBytes);
  const out = new TableBuilder(path, limits);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  try {
    // VLMEvalKit writes one sheet; the first is the table.
    for await (const sheet of reader) {
      let header: string[] | null = null;
      for await (const row of sheet) {
        const texts = rowTexts(row);
        if (header === null) {
          header = texts.map((t) => t.trim());
          continue;
        }
        // Own properties: a column named `__proto__` is a column like any other (an assignment would set the prototype).
        const record: Record<string, string> = Object.fromEntries(header.flatMap((name, column) => (name && keep(name) ? [[name, texts[column] ?? '']] : [])));
        if (Object.values(record).every((v) => v === '')) continue;
        out.add(record, row.number);
      }
      if (header === null) throw new AppError('invalid_input', `${basename(path)}: the workbook's first sheet is empty`);
      return out.table;
    }
  } catch (error) {
    throw error instanceof AppError ? error : notReadable(path, error);
  }
  throw new AppError('invalid_input', `${basename(path)}: the workbook has no sheet`);
}

/**
 * CSV or TSV, streamed: neither the whole text nor a record of the columns the import drops is ever held. Line numbers
 * are the editor's (csv-parse counts the lines a quoted cell spans).
 */
async function readDelimited(path: string, keep: KeepColumn, limits: TableLimits): Promise<TableRows> {
  const out = new TableBuilder(path, limits);
  const parser = createReadStream(path).pipe(parseCsv({
    columns: (header: string[]) => header.map((name) => (keep(name.trim()) ? name.trim() : false)),
    delimiter: extname(path).toLowerCase() === '.csv' ? ',' : '\t', skip_empty_lines: true, relax_quotes: true, bom: true,
    max_record_size: limits.lineChars, info: true,
  }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      out.add(record, info.lines);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') throw lineTooLong(path, Number(error.lines ?? 0), limits);
    throw new AppError('invalid_input', `${basename(path)}: ${(error as Error).message}`);
  }
  return out.table;
}

/** VLMEvalKit's table dumped to JSON (`PRED_FORMAT=json`), held to the same row and cell limits. */
function readJson(path: string, keep: KeepColumn, limits: TableLimits): TableRows {
  const out = new TableBuilder(path, limits);
  const { records, lines } = readJsonRecords(path, keep, limits);
  records.forEach((record, i) => out.add(record, lines[i]!));
  return out.table;
}

/**
 * Reads a prediction table whatever its container: xlsx or JSON by its extension, otherwise CSV (`.csv`) or TSV; over
 * a limit it throws `too_large` naming the limit and the line.
 */
export async function readTable(path: string, keep: KeepColumn = () => true, limits: TableLimits = TABLE_LIMITS): Promise<TableRows> {
  if (extname(path).toLowerCase() === '.json') return readJson(path, keep, limits);
  return isWorkbook(path) ? readWorkbook(path, keep, limits) : readDelimited(path, keep, limits);
}
