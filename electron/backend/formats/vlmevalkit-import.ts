import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parse } from 'csv-parse';
import JSON5 from 'json5';
import type { Option, QuestionType } from '@shared/contract';
import { isScoringRule, scoringRules, type ScoringRule } from '@shared/scoring/rules';
import { mmvetCapabilitiesOf } from '@shared/scoring/graded-report';
import { optionLabelProblem } from '@shared/domain/options';
import { checkCancelled, type ImportContext } from './context';
import { decodeBase64, describeImage } from './image-bytes';
import { resolveImage } from './image-input';
import { at, importError } from './import-error';
import { MAX_REFERENCE_LENGTH, OPTION_COLUMN, TSV_KNOWN } from './vlmevalkit-columns';

interface Row {
  cells: Record<string, string>;
  line: number;
}

const blank = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';

function imagesOf(cell: string, ctx: ImportContext, byIndex: Map<string, string[]>): string[] {
  const text = cell.trim();
  if (text.length <= MAX_REFERENCE_LENGTH && !text.startsWith('[')) {
    const hashes = byIndex.get(text);
    if (!hashes) throw new Error(`the image refers to row index ${text}, which does not appear above it`);
    return hashes;
  }
  const cells = text.startsWith('[') ? parseList(text) : [text];
  return cells.map((c) => ctx.sink.putImage(describeImage(decodeBase64(c))));
}

function parseList(text: string): string[] {
  let list: unknown;
  try {
    list = JSON5.parse(text);
  } catch {
    throw new Error('the image cell starts with "[" but is not a list of base64 images');
  }
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) throw new Error('the image list must hold base64 strings');
  return list as string[];
}

/**
 * VLMEvalKit TSV: one row = one item with one origin question. Streamed with csv-parse so a file of hundreds of MB
 * never sits in memory; every row is checked and the first bad one stops the import with its line number.
 */
export async function importVlmEvalKit(ctx: ImportContext): Promise<void> {
  const { file, sink } = ctx;
  const { size } = await stat(file);
  const parser = createReadStream(file).pipe(
    parse({ delimiter: '\t', info: true, bom: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let header: string[] | null = null;
  let optionColumns: string[] = [];
  let previousEnd = 0;
  const byIndex = new Map<string, string[]>();
  const copies = new Map<string, number>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      const line = previousEnd + 1;
      previousEnd = info.lines;
      if (!header) {
        header = record.map((h) => h.trim());
        for (const required of ['index', 'question']) {
          if (!header.includes(required)) throw importError(file, { line }, `the header has no "${required}" column (found: ${header.join(', ')})`);
        }
        const dup = header.find((h, i) => header!.indexOf(h) !== i);
        if (dup) throw importError(file, { line }, `column "${dup}" appears twice in the header`);
        optionColumns = header.filter((h) => OPTION_COLUMN.test(h)).sort();
        sink.setDatasetMeta({ columns: header });
        continue;
      }
      checkCancelled(ctx.signal);
      // Own properties (not `cells[h] = …`): a column named `__proto__` would otherwise set the object's prototype and vanish.
      const cells: Record<string, string> = Object.fromEntries(header.map((h, i) => [h, record[i] ?? '']));
      const columns = header;
      at(file, { line }, () => addRow({ cells, line }, ctx, optionColumns, columns, byIndex, copies));
      ctx.report(size ? info.bytes / size : 1);
    }
  } catch (error) {
    const e = error as { code?: string; lines?: number; message: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      throw importError(file, { line: e.lines ?? previousEnd + 1 }, `malformed TSV (${e.message})`);
    }
    throw error;
  }
  if (!header) throw importError(file, null, 'the file is empty; expected a header line');
  if (copies.size > 0) {
    const rows = [...copies.values()].reduce((n, c) => n + c, 0);
    sink.setDatasetMeta({ columns: header, circularCopies: { questions: copies.size, rows } });
  }
}

// VLMEvalKit's circular TSVs (MMBench, CCBench) store pass k of question n as index n + k·1e6; it groups them by
// index % 1e6 into one question, and so does this import: the copies are not questions of their own (METHODS §5).
const CIRCULAR_STRIDE = 1_000_000;

/** The main index a rotated copy belongs to, or null when the row is a question of its own. */
function circularMain(index: string, byIndex: ReadonlyMap<string, string[]>): string | null {
  const n = Number(index);
  if (n < CIRCULAR_STRIDE) return null;
  const main = String(n % CIRCULAR_STRIDE);
  return byIndex.has(main) ? main : null;
}

function addRow(row: Row, ctx: ImportContext, optionColumns: string[], header: string[], byIndex: Map<string, string[]>, copies: Map<string, number>): void {
  const { cells, line } = row;
  const { file, sink } = ctx;
  const fail = (message: string) => importError(file, { line }, message);
  const index = cells.index!.trim();
  if (!/^-?\d+$/.test(index)) throw fail(`index "${index}" is not an integer`);
  if (byIndex.has(index)) throw fail(`index ${index} appears twice`);
  const main = circularMain(index, byIndex);
  if (main !== null) {
    byIndex.set(index, byIndex.get(main)!);
    copies.set(main, (copies.get(main) ?? 0) + 1);
    return;
  }

  let hashes: string[] = [];
  try {
    if (!blank(cells.image)) hashes = imagesOf(cells.image, ctx, byIndex);
    else if (!blank(cells.image_path)) hashes = [sink.putImage(resolveImage(cells.image_path, file))];
  } catch (error) {
    throw fail((error as Error).message);
  }
  byIndex.set(index, hashes);

  const options: Option[] = [];
  for (const label of optionColumns) if (!blank(cells[label])) options.push({ label, text: cells[label]! });
  const problem = optionLabelProblem(options);
  if (problem) throw fail(problem);
  const question = cells.question ?? '';
  if (question.trim() === '') throw fail('the question is empty');

  const extra = Object.fromEntries(header.filter((h) => !TSV_KNOWN.has(h) && !OPTION_COLUMN.test(h) && cells[h] !== '').map((h) => [h, cells[h]!]));
  const imagePath = blank(cells.image_path) ? undefined : cells.image_path;
  const type = options.length > 0 ? 'multiple-choice' : 'open';
  // VLMEvalKit's MMVet TSV has no scoring column: an open question whose category lists MM-Vet capabilities is graded.
  const capabilities = type === 'open' ? mmvetCapabilitiesOf(cells.category) : null;
  const scoring = scoringCell(cells.scoring, type, fail) ?? (capabilities ? 'graded' : null);

  const itemId = sink.addItem({
    extId: index,
    source: blank(cells.source) ? null : cells.source,
    category: blank(cells.category) ? null : cells.category,
    l2Category: blank(cells['l2-category']) ? null : cells['l2-category'],
    split: blank(cells.split) ? null : cells.split,
    imageHashes: hashes,
    meta: imagePath ? { imagePath } : {},
  });
  sink.addQuestion(itemId, {
    role: 'origin',
    type,
    extIndex: index,
    text: question,
    hint: blank(cells.hint) ? null : cells.hint,
    options,
    answer: blank(cells.answer) ? [] : [cells.answer],
    meta: { ...(Object.keys(extra).length ? { extra } : {}), ...(scoring ? { scoring } : {}), ...(scoring === 'graded' && capabilities ? { capabilities } : {}) },
  });
}

/**
 * The optional `scoring` column (METHODS §5): `choice` for questions with options, `mmmu-open`, `bleu4`, `exact-text`
 * or `graded` for open ones (VRPTest's code answers are `bleu4`). It also stays in the row's extra columns, so exports keep it.
 */
function scoringCell(cell: string | undefined, type: QuestionType, fail: (message: string) => Error): ScoringRule | null {
  if (blank(cell)) return null;
  const rule = cell.trim();
  if (!isScoringRule(rule)) throw fail(`scoring "${rule}" is not one of ${scoringRules.join(', ')}`);
  if ((rule === 'choice') !== (type === 'multiple-choice')) {
    throw fail(`scoring "${rule}" does not fit a ${type === 'multiple-choice' ? 'question with options (use choice)' : 'question without options'}`);
  }
  return rule;
}
