import { basename } from 'node:path';
import { AppError } from '../errors';

/** Where in a file something went wrong: a physical line (text formats) or a record number (JSON arrays, parquet). */
export type Place = { line: number } | { row: number };

/** An import failure that names the file and the line or row at fault. */
export function importError(file: string, place: Place | null, message: string): AppError {
  const where = place === null ? '' : 'line' in place ? `:${place.line}` : ` row ${place.row}`;
  return new AppError('import_failed', `${basename(file)}${where}: ${message}`);
}

/** Runs `fn`, re-throwing plain errors as import errors at `place`. */
export function at<T>(file: string, place: Place, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw importError(file, place, (error as Error).message);
  }
}
