import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parse } from 'csv-parse';
import JSON5 from 'json5';
import { roleSchema, type Option, type QuestionType, type Role } from '@shared/contract';
import { isScoringRule, scoringRules, type ScoringRule } from '@shared/scoring/rules';
import { mmvetCapabilitiesOf } from '@shared/scoring/graded-report';
import { optionLabelProblem } from '@shared/domain/options';
import { checkCancelled, type ImportContext } from './context';
import { decodeBase64, describeImage } from './image-bytes';
import { resolveImage } from './image-input';
import { at, importError } from './import-error';
import { MAX_REFERENCE_LENGTH, OPTION_COLUMN, TSV_KNOWN } from './vlmevalkit-columns';
import { CircularCopies } from './vlmevalkit-copies';
import { ImageReferences } from './vlmevalkit-images';

interface Row {
  cells: Record<string, string>;
  line: number;
  /** The data row's place in the file (0-based), kept for a circular copy. */
  row: number;
}

/** What one import of a TSV keeps between rows. */
interface TsvState {
  optionColumns: string[];
  header: string[];
  seen: Set<string>;
  images: ImageReferences;
  copies: CircularCopies;
  /** With `triplet_id` and `role` columns (the studio's export of triplets): each triplet's item, by its id. */
  triplets: Map<string, { itemId: number; firstIndex: string; roles: Set<Role> }> | null;
}

const TRIPLET_COLUMNS = ['triplet_id', 'role'];

const blank = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';

/** A cell of 1–64 characters (not a list) names another row whose images it reuses. */
function referenceOf(cell: string): string | null {
  const text = cell.trim();
  return text.length <= MAX_REFERENCE_LENGTH && !text.startsWith('[') ? text : null;
}

function decodeImages(cell: string, ctx: ImportContext): string[] {
  const text = cell.trim();
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
  const { file } = ctx;
  const { size } = await stat(file);
  const parser = createReadStream(file).pipe(
    parse({ delimiter: '\t', info: true, bom: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let state: TsvState | null = null;
  let previousEnd = 0;
  let row = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      const line = previousEnd + 1;
      previousEnd = info.lines;
      if (!state) {
        state = headerState(record, ctx, line);
        continue;
      }
      checkCancelled(ctx.signal);
      const { header } = state;
      // Own properties (not `cells[h] = …`): a column named `__proto__` would otherwise set the object's prototype and vanish.
      const cells: Record<string, string> = Object.fromEntries(header.map((h, i) => [h, record[i] ?? '']));
      const current = state;
      at(file, { line }, () => addRow({ cells, line, row: row++ }, ctx, current));
      ctx.report(size ? info.bytes / size : 1);
    }
  } catch (error) {
    const e = error as { code?: string; lines?: number; message: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      throw importError(file, { line: e.lines ?? previousEnd + 1 }, `malformed TSV (${e.message})`);
    }
    throw error;
  }
  if (!state) throw importError(file, null, 'the file is empty; expected a header line');
  finish(state, ctx);
}

function headerState(record: string[], ctx: ImportContext, line: number): TsvState {
  const { file, sink } = ctx;
  const header = record.map((h) => h.trim());
  for (const required of ['index', 'question']) {
    if (!header.includes(required)) throw importError(file, { line }, `the header has no "${required}" column (found: ${header.join(', ')})`);
  }
  const dup = header.find((h, i) => header.indexOf(h) !== i);
  if (dup) throw importError(file, { line }, `column "${dup}" appears twice in the header`);
  sink.setDatasetMeta({ columns: header });
  const images = new ImageReferences((itemId, hashes) => hashes.forEach((hash, i) => sink.appendItemImage(itemId, i, hash)));
  const triplets = TRIPLET_COLUMNS.every((c) => header.includes(c)) ? new Map() : null;
  return { header, optionColumns: header.filter((h) => OPTION_COLUMN.test(h)).sort(), seen: new Set(), images, copies: new CircularCopies(), triplets };
}

/** After the last row: every image reference must have met its row, and circular copies go into their questions. */
function finish(state: TsvState, ctx: ImportContext): void {
  const missing = state.images.unresolved();
  if (missing) throw importError(ctx.file, { line: missing.line }, `the image refers to row index ${missing.target}, which holds no image anywhere in the file`);
  const circularCopies = state.copies.finish(ctx.sink);
  if (circularCopies) ctx.sink.setDatasetMeta({ columns: state.header, circularCopies });
}

function optionsOf(cells: Record<string, string>, optionColumns: readonly string[]): Option[] {
  const options: Option[] = [];
  for (const label of optionColumns) if (!blank(cells[label])) options.push({ label, text: cells[label]! });
  return options;
}

/**
 * The row's images: decoded, or those of the row its cell names. Undefined when that row comes further down, in
 * which case the item gets them when it arrives (ImageReferences).
 */
function rowImages(cells: Record<string, string>, ctx: ImportContext, state: TsvState): { hashes: string[] | undefined; reference: string | null } {
  if (!blank(cells.image)) {
    const reference = referenceOf(cells.image);
    return reference === null ? { hashes: decodeImages(cells.image, ctx), reference } : { hashes: state.images.lookup(reference), reference };
  }
  return { hashes: blank(cells.image_path) ? [] : [ctx.sink.putImage(resolveImage(cells.image_path, ctx.file))], reference: null };
}

function addRow(row: Row, ctx: ImportContext, state: TsvState): void {
  const { cells, line } = row;
  const { file, sink } = ctx;
  const fail = (message: string) => importError(file, { line }, message);
  const index = cells.index!.trim();
  if (!/^-?\d+$/.test(index)) throw fail(`index "${index}" is not an integer`);
  if (state.seen.has(index)) throw fail(`index ${index} appears twice`);
  state.seen.add(index);
  const options = optionsOf(cells, state.optionColumns);
  const answer = blank(cells.answer) ? [] : [cells.answer];
  const main = state.copies.mainOf(index);
  if (main !== null) {
    state.copies.addCopy(main, { index, row: row.row, cells, options, answer });
    // A copy shows its question's images; a later row may name the copy's index for them.
    const hashes = state.images.lookup(main);
    if (hashes) state.images.resolve(index, hashes);
    return;
  }
  const problem = optionLabelProblem(options);
  if (problem) throw fail(problem);
  const question = cells.question ?? '';
  if (question.trim() === '') throw fail('the question is empty');
  const triplet = state.triplets ? tripletOf(cells, fail) : null;
  const itemId = itemFor(row, ctx, state, index, triplet);

  const known = (h: string) => TSV_KNOWN.has(h) || OPTION_COLUMN.test(h) || (state.triplets !== null && TRIPLET_COLUMNS.includes(h));
  const extra = Object.fromEntries(state.header.filter((h) => !known(h) && cells[h] !== '').map((h) => [h, cells[h]!]));
  const type = options.length > 0 ? 'multiple-choice' : 'open';
  // VLMEvalKit's MMVet TSV has no scoring column: an open question whose category lists MM-Vet capabilities is graded.
  const capabilities = type === 'open' ? mmvetCapabilitiesOf(cells.category) : null;
  const scoring = scoringCell(cells.scoring, type, fail) ?? (capabilities ? 'graded' : null);
  const questionId = sink.addQuestion(itemId, {
    role: triplet?.role ?? 'origin',
    type,
    extIndex: index,
    text: question,
    hint: blank(cells.hint) ? null : cells.hint,
    options,
    answer,
    meta: { ...(Object.keys(extra).length ? { extra } : {}), ...(scoring ? { scoring } : {}), ...(scoring === 'graded' && capabilities ? { capabilities } : {}) },
  });
  state.copies.addMain(index, { questionId, row: row.row, cells, options, answer });
}

/** A row's triplet (`triplet_id`, `role`), or null when its `triplet_id` is empty: then it is an item of its own. */
function tripletOf(cells: Record<string, string>, fail: (message: string) => Error): { id: string; role: Role } | null {
  if (blank(cells.triplet_id)) return null;
  const role = roleSchema.safeParse((cells.role ?? '').trim());
  if (!role.success) throw fail(`role "${cells.role ?? ''}" is not origin, perception or knowledge`);
  return { id: cells.triplet_id.trim(), role: role.data };
}

/**
 * The item a row's question goes into: a new one (its images decoded, or named by reference), or — for a later row of
 * a triplet — the triplet's item, whose images are its first row's.
 */
function itemFor(row: Row, ctx: ImportContext, state: TsvState, index: string, triplet: { id: string; role: Role } | null): number {
  const { cells, line } = row;
  const fail = (message: string) => importError(ctx.file, { line }, message);
  const existing = triplet ? state.triplets!.get(triplet.id) : undefined;
  if (triplet && existing) {
    if (existing.roles.has(triplet.role)) throw fail(`triplet ${triplet.id} has a second ${triplet.role} question`);
    existing.roles.add(triplet.role);
    const hashes = state.images.lookup(existing.firstIndex);
    if (hashes) state.images.resolve(index, hashes);
    return existing.itemId;
  }
  let images: ReturnType<typeof rowImages>;
  try {
    images = rowImages(cells, ctx, state);
  } catch (error) {
    throw fail((error as Error).message);
  }
  const imagePath = blank(cells.image_path) ? undefined : cells.image_path;
  const itemId = ctx.sink.addItem({
    extId: triplet?.id ?? index,
    source: blank(cells.source) ? null : cells.source,
    category: blank(cells.category) ? null : cells.category,
    // MMStar's own files spell the column l2_category.
    l2Category: !blank(cells['l2-category']) ? cells['l2-category'] : !blank(cells.l2_category) ? cells.l2_category : null,
    split: blank(cells.split) ? null : cells.split,
    imageHashes: images.hashes ?? [],
    meta: imagePath ? { imagePath } : {},
  });
  if (images.hashes) state.images.resolve(index, images.hashes);
  else state.images.wait(index, images.reference!, itemId, line);
  if (triplet) state.triplets!.set(triplet.id, { itemId, firstIndex: index, roles: new Set([triplet.role]) });
  return itemId;
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
