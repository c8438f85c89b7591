import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { AppError } from '../errors';
import { jsonTooLarge, type TableLimits } from './table-limits';

/**
 * VLMEvalKit's `dump` of a table to `.json` (`PRED_FORMAT=json`): `json.dump(df.to_dict('records'))`, which writes an
 * empty cell as the bare literal `NaN` (and ±inf as `Infinity`) — Python's JSON, not the standard's. Those literals
 * become null (an empty cell) outside strings, so the standard parser reads the rest; each record's line is noted for
 * messages.
 */

const NON_STANDARD = ['NaN', '-Infinity', 'Infinity'];

interface Scanned { text: string; recordLines: number[] }

/** One pass over the text: Python's literals replaced outside strings, and the line each top-level record opens on. */
function scan(raw: string): Scanned {
  const parts: string[] = [];
  const recordLines: number[] = [];
  let from = 0;
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && depth === 1) recordLines.push(line);
      depth++;
    } else if (c === '}' || c === ']') depth--;
    else {
      const literal = NON_STANDARD.find((l) => raw.startsWith(l, i));
      if (literal) {
        parts.push(raw.slice(from, i), 'null');
        i += literal.length - 1;
        from = i + 1;
      }
    }
  }
  parts.push(raw.slice(from));
  return { text: parts.join(''), recordLines };
}

/** A cell as the text a spreadsheet would show: null (NaN) empty, numbers as JavaScript writes them. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The records of a JSON prediction file, cells as text, each with the line its record opens on. */
export function readJsonRecords(path: string, keep: (name: string) => boolean, limits: TableLimits): { records: Record<string, string>[]; lines: number[] } {
  if (statSync(path).size > limits.jsonBytes) throw jsonTooLarge(path, limits.jsonBytes);
  const { text, recordLines } = scan(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('invalid_input', `${basename(path)}: not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value)) throw new AppError('invalid_input', `${basename(path)}: expected a list of records, as VLMEvalKit writes a table to JSON`);
  const records = value.map((record: unknown, i) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw new AppError('invalid_input', `${basename(path)}: record ${i + 1}: not an object of columns`);
    }
    // Own properties: a column named `__proto__` is a column like any other.
    return Object.fromEntries(Object.entries(record).filter(([name]) => keep(name)).map(([name, v]) => [name, cellText(v)]));
  });
  return { records, lines: records.map((_, i) => recordLines[i] ?? i + 1) };
}
