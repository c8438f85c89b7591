import { basename } from 'node:path';
import { AppError } from '../errors';

/**
 * What a prediction table may hold (docs/SECURITY.md, "Bounded inputs"). A 0.3 MB workbook can unzip to a 300 MB
 * string and a 1.4 MB one to gigabytes, so a workbook is measured by what it unzips to, not by its size on disk.
 * Generous for real files: VLMEvalKit's largest benchmarks have tens of thousands of rows, and a model's longest
 * answer is well under a million characters.
 */
export const TABLE_LIMITS = {
  /** Data rows in one CSV, TSV or sheet. */
  rows: 1_000_000,
  /** Characters in one cell the import keeps (index, prediction, options, verdicts). */
  cellChars: 1_000_000,
  /** Characters in one CSV/TSV line, columns the import drops included (a base64 image column, say). */
  lineChars: 32 * 1024 * 1024,
  /** Bytes all entries of an xlsx workbook unzip to, counted while inflating. */
  unzippedBytes: 128 * 1024 * 1024,
  /** Bytes of a JSON prediction file (`PRED_FORMAT=json`), which is parsed whole. */
  jsonBytes: 128 * 1024 * 1024,
} as const;

export type TableLimits = { readonly [K in keyof typeof TABLE_LIMITS]: number };

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const count = (n: number) => n.toLocaleString('en');

export function tooManyRows(path: string, line: number, limits: TableLimits): AppError {
  return new AppError('too_large', `${basename(path)}: line ${line}: more than ${count(limits.rows)} rows, the most a table may have`);
}

export function cellTooLong(path: string, line: number, column: string, limits: TableLimits): AppError {
  return new AppError('too_large', `${basename(path)}: line ${line}: the "${column}" cell is longer than ${count(limits.cellChars)} characters, the most a cell may hold`);
}

export function lineTooLong(path: string, line: number, limits: TableLimits): AppError {
  return new AppError('too_large', `${basename(path)}: line ${line}: longer than ${mb(limits.lineChars)} characters, the most a line may hold`);
}

export function unzipsTooLarge(path: string, maxBytes: number): AppError {
  return new AppError('too_large', `${basename(path)}: the workbook unzips to more than ${mb(maxBytes)}, the most this studio reads`);
}

export function jsonTooLarge(path: string, maxBytes: number): AppError {
  return new AppError('too_large', `${basename(path)}: the JSON file is larger than ${mb(maxBytes)}, the most this studio reads`);
}
