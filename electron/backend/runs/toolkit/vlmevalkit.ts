import { basename } from 'node:path';
import type { Option } from '@shared/contract';
import { CIRCULAR_STRIDE } from '@shared/scoring/circular-file';
import { AppError } from '../../errors';
import { OPTION_COLUMN } from '../../formats/vlmevalkit-columns';
import { readTable, type TableRows } from '../../formats/spreadsheet';
import { byId, type FileAnswer, type ToolkitReading } from './answers';

const fail = (file: string, where: string, message: string) => new AppError('invalid_input', `${basename(file)}: ${where}: ${message}`);

/** Splits a row's index into the question it copies and the pass; an index that is no integer is an id as it stands. */
export function circularIndex(index: string): { extId: string; pass: number } {
  const trimmed = index.trim();
  if (!/^\d+$/.test(trimmed)) return { extId: trimmed, pass: 0 };
  const n = Number(trimmed);
  return { extId: String(n % CIRCULAR_STRIDE), pass: Math.floor(n / CIRCULAR_STRIDE) };
}

/** The options a row shows (columns A, B, …), or null when the file has none. */
function rowOptions(record: Record<string, string>): Option[] | null {
  const options = Object.keys(record).filter((k) => OPTION_COLUMN.test(k)).sort()
    .map((label) => ({ label, text: record[label]! })).filter((o) => o.text.trim() !== '');
  return options.length ? options : null;
}

/** VLMEvalKit's `hit` is 0/1 (sometimes True/False); anything else is no verdict. */
function hitVerdict(value: string | undefined): boolean | null {
  const v = value?.trim().toLowerCase();
  if (v === '1' || v === 'true' || v === '1.0') return true;
  if (v === '0' || v === 'false' || v === '0.0') return false;
  return null;
}

function reading(record: Record<string, string>): ToolkitReading | null {
  if (!('hit' in record) && !('log' in record) && !('extracted' in record)) return null;
  return { source: 'vlmevalkit', label: record.extracted?.trim() || null, verdict: hitVerdict(record.hit), log: record.log?.trim() || null };
}

/** The columns a prediction or judge file is read for; the rest (question, image, category…) are read past. */
const READ_COLUMNS = new Set(['index', 'prediction', 'hit', 'log', 'extracted']);
const kept = (name: string) => READ_COLUMNS.has(name) || OPTION_COLUMN.test(name);

function requireColumns(file: string, table: TableRows, columns: readonly string[]): void {
  if (table.records.length === 0) throw fail(file, 'file', 'no rows');
  const missing = columns.filter((c) => !(c in table.records[0]!));
  if (missing.length) throw fail(file, 'line 1', `no "${missing[0]}" column (VLMEvalKit prediction files have index and prediction)`);
}

/** A judge result file (`…_result.xlsx`): its `hit` and `log` by row index, a group's verdict under its base index. */
async function judgeReadings(file: string): Promise<Map<string, ToolkitReading>> {
  const table = await readTable(file, kept);
  requireColumns(file, table, ['index', 'hit']);
  const out = new Map<string, ToolkitReading>();
  table.records.forEach((r, i) => {
    const index = r.index!.trim();
    if (out.has(index)) throw fail(file, `line ${table.lines[i]}`, `index ${index} appears twice`);
    out.set(index, reading(r)!);
  });
  return out;
}

/**
 * A VLMEvalKit prediction file (`{model}_{dataset}.xlsx`, `.csv` or `.tsv`): one row per question, circular copies as
 * rows of their own, and — in a judge result file, or given beside it — the toolkit's `hit` and `log`.
 */
export async function vlmevalkitAnswers(file: string, judgeFile: string | null): Promise<FileAnswer[]> {
  const table = await readTable(file, kept);
  requireColumns(file, table, ['index', 'prediction']);
  const judged = judgeFile ? await judgeReadings(judgeFile) : null;
  const used = new Set<string>();
  const answers = table.records.map((r, i): FileAnswer => {
    const index = r.index!.trim();
    const { extId, pass } = circularIndex(index);
    const fromJudge = judged?.get(index) ?? null;
    if (fromJudge) used.add(index);
    return {
      where: `line ${table.lines[i]}`, key: byId(extId), role: 'origin', pass, options: rowOptions(r),
      response: r.prediction ?? '', toolkit: fromJudge ?? reading(r),
    };
  });
  if (judged && judgeFile) {
    const stray = [...judged.keys()].find((k) => !used.has(k));
    if (stray !== undefined) throw fail(judgeFile, `index ${stray}`, `no row with this index in ${basename(file)}`);
  }
  return answers;
}
