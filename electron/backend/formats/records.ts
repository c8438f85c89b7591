import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { importError, type Place } from './import-error';

/** A parsed record with where it came from, and how far into the file reading has got (for progress). */
export interface SourceRecord {
  value: Record<string, unknown>;
  place: Place;
  fraction: number;
}

function asObject(file: string, place: Place, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw importError(file, place, `expected an object, found ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  return value as Record<string, unknown>;
}

/** JSON Lines, streamed line by line; blank lines are skipped, a truncated last line is an error at that line. */
export async function* readJsonl(file: string): AsyncGenerator<SourceRecord> {
  const { size } = await stat(file);
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  let read = 0;
  try {
    for await (const text of lines) {
      line++;
      read += Buffer.byteLength(text) + 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw importError(file, { line }, `invalid JSON (${(error as Error).message})`);
      }
      yield { value: asObject(file, { line }, value), place: { line }, fraction: size ? Math.min(1, read / size) : 1 };
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

function lineOfPosition(text: string, message: string): number | null {
  const match = /position (\d+)/.exec(message);
  if (!match) return null;
  const position = Number(match[1]);
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A JSON file holding an array of records (or an object with one array inside, as some releases ship). */
export async function* readJsonArray(file: string): AsyncGenerator<SourceRecord> {
  const text = await readFile(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const line = lineOfPosition(text, message);
    throw importError(file, line === null ? null : { line }, `invalid JSON (${message})`);
  }
  let rows: unknown[];
  if (Array.isArray(parsed)) rows = parsed;
  else if (parsed && typeof parsed === 'object') {
    const arrays = Object.values(parsed).filter(Array.isArray);
    if (arrays.length !== 1) throw importError(file, null, 'expected a JSON array of records');
    rows = arrays[0] as unknown[];
  } else throw importError(file, null, 'expected a JSON array of records');
  for (let i = 0; i < rows.length; i++) {
    const place = { row: i + 1 };
    yield { value: asObject(file, place, rows[i]), place, fraction: (i + 1) / rows.length };
  }
}

const PARQUET_BATCH = 512;

/** A parquet file, read in batches of rows so a large release never sits in memory whole. */
export async function* readParquet(file: string): AsyncGenerator<SourceRecord> {
  let buffer;
  let metadata;
  try {
    buffer = await asyncBufferFromFile(file);
    metadata = await parquetMetadataAsync(buffer);
  } catch (error) {
    throw importError(file, null, `not a readable parquet file (${(error as Error).message})`);
  }
  const total = Number(metadata.num_rows);
  for (let start = 0; start < total; start += PARQUET_BATCH) {
    const end = Math.min(total, start + PARQUET_BATCH);
    let rows: Record<string, unknown>[];
    try {
      rows = (await parquetReadObjects({ file: buffer, metadata, rowStart: start, rowEnd: end, compressors, utf8: false })) as Record<
        string,
        unknown
      >[];
    } catch (error) {
      throw importError(file, { row: start + 1 }, `cannot read rows ${start + 1}–${end} (${(error as Error).message})`);
    }
    for (let i = 0; i < rows.length; i++) {
      const place = { row: start + i + 1 };
      yield { value: asObject(file, place, rows[i]), place, fraction: (start + i + 1) / total };
    }
  }
}

/** Records of a JSON, JSONL or parquet file, chosen by its extension. */
export function readRecords(file: string): AsyncGenerator<SourceRecord> {
  const lower = file.toLowerCase();
  if (lower.endsWith('.parquet')) return readParquet(file);
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return readJsonl(file);
  return readJsonArray(file);
}
