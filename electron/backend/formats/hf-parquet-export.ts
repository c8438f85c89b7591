import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Db } from '../db/open';
import { datasetCard, huggingfaceMetadata, readCard, type CardRelease, type HfFeature } from './hf-card';
import { mmevalproRows, type MmEvalProRow } from './mmevalpro-export';
import type { ExportSelection } from './export-items';
import { imageBytes } from '../items/images';
import { imageByteLength } from './store/export';

/** The split the release uses; its shards are `data/test-00000-of-0000N.parquet`, as `datasets` names them. */
const SPLIT = 'test';
/** The hub's viewer and `datasets` work best with shards of a few hundred MB. */
export const DEFAULT_SHARD_BYTES = 300 * 1024 * 1024;

export interface HfExportOptions {
  selection: ExportSelection; license: string; citation: string | null; shardBytes: number; name: string;
  /** The dataset's quality report: its Markdown goes in the card, its JSON beside it as `quality.json`. */
  quality?: { markdown: string; json: string } | undefined;
}

/** The quality report's file in a release folder, beside the card that summarises it. */
export const QUALITY_FILE = 'quality.json';

interface Row { fields: MmEvalProRow['fields']; extra: Record<string, unknown>; imageHash: string | null; imageBytes: number }

const isInteger = (v: number | string) => typeof v === 'number';

/** What every shard shares: the id columns' types, the extra columns, and the `datasets` features stored in each file. */
interface Layout { intIndex: boolean; intTriplet: boolean; extras: readonly string[]; huggingface: string }

/** Parquet schema elements of the release's columns: lists as 3-level LISTs and the image as the hub's {bytes, path}. */
function schemaOf({ intIndex, intTriplet, extras }: Layout) {
  const text = (name: string) => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
  const id = (name: string, int: boolean) => (int ? { name, type: 'INT64', repetition_type: 'OPTIONAL' } : text(name));
  return [
    { name: 'schema', num_children: 9 + extras.length },
    id('index', intIndex), id('triplet_id', intTriplet), text('question'),
    { name: 'choices', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { ...text('element') },
    text('answer'),
    { name: 'image', repetition_type: 'OPTIONAL', num_children: 2 },
    { name: 'bytes', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' },
    text('path'),
    text('source'), text('question_category'), text('eval_type'),
    // Columns beyond the release's are kept as JSON, so numbers, lists and objects come back as they were.
    ...extras.map((name) => ({ name, type: 'BYTE_ARRAY', converted_type: 'JSON', repetition_type: 'OPTIONAL' })),
  ];
}

function features(intIndex: boolean, intTriplet: boolean, extras: readonly string[]): HfFeature[] {
  return [
    { name: 'index', dtype: intIndex ? 'int64' : 'string' }, { name: 'triplet_id', dtype: intTriplet ? 'int64' : 'string' },
    { name: 'question', dtype: 'string' }, { name: 'choices', sequence: 'string' }, { name: 'answer', dtype: 'string' },
    { name: 'image', dtype: 'image' }, { name: 'source', dtype: 'string' }, { name: 'question_category', dtype: 'string' },
    { name: 'eval_type', dtype: 'string' }, ...extras.map((name) => ({ name, dtype: 'string' })),
  ];
}

/**
 * One shard's parquet bytes; only this shard's images are read from the project, so memory stays near one shard. The
 * file carries the `huggingface` metadata `datasets` writes, so it loads with its features even without the card.
 */
function shardBuffer(rows: readonly Row[], image: (hash: string) => Buffer, layout: Layout): Uint8Array {
  const { intIndex, intTriplet, extras } = layout;
  const id = (v: number | string, int: boolean) => (int ? BigInt(v) : String(v));
  const column = (name: string, data: unknown[]) => ({ name, data });
  const buffer = parquetWriteBuffer({
    columnData: [
      column('index', rows.map((r) => id(r.fields.index, intIndex))),
      column('triplet_id', rows.map((r) => id(r.fields.triplet_id, intTriplet))),
      column('question', rows.map((r) => r.fields.question)),
      column('choices', rows.map((r) => r.fields.choices)),
      column('answer', rows.map((r) => r.fields.answer)),
      column('image', rows.map((r) => (r.imageHash ? { bytes: new Uint8Array(image(r.imageHash)), path: null } : null))),
      column('source', rows.map((r) => r.fields.source)),
      column('question_category', rows.map((r) => r.fields.question_category)),
      column('eval_type', rows.map((r) => r.fields.eval_type)),
      ...extras.map((name) => column(name, rows.map((r) => (name in r.extra ? r.extra[name] : null)))),
    ] as never,
    schema: schemaOf(layout) as never,
    kvMetadata: [{ key: 'huggingface', value: layout.huggingface }],
  });
  return new Uint8Array(buffer);
}

/** Consecutive rows of one triplet (the export keeps a triplet's questions together). */
function triplets(rows: readonly Row[]): Row[][] {
  const out: Row[][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last[0]!.fields.triplet_id === r.fields.triplet_id) last.push(r);
    else out.push([r]);
  }
  return out;
}

/**
 * Groups rows into shards of at most `limit` bytes (image bytes plus text), never splitting a triplet: a triplet
 * starts a new shard when the whole of it would not fit (a triplet larger than the limit gets a shard of its own).
 */
function shards(rows: readonly Row[], limit: number): Row[][] {
  const out: Row[][] = [];
  let current: Row[] = [];
  let size = 0;
  for (const triplet of triplets(rows)) {
    const bytes = triplet.reduce((n, r) => n + r.imageBytes + r.fields.question.length + r.fields.choices.join('').length, 0);
    if (current.length > 0 && size + bytes > limit) { out.push(current); current = []; size = 0; }
    current.push(...triplet);
    size += bytes;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * Writes the dataset as the MMEvalPro release on the Hugging Face hub lays it out: `data/test-0000k-of-0000N.parquet`
 * (one row per question, images as bytes) and a dataset card `README.md`. Everything is written to a staging folder
 * and moved into place at the end, so a failure never leaves a half-written release. A first pass reads the rows without
 * image bytes (to fix column types and shard boundaries); each shard then reads only its own images.
 */
export async function exportHfParquet(db: Db, datasetId: number, out: string, options: HfExportOptions) {
  const generator = mmevalproRows(db, datasetId, options.selection);
  const rows: Row[] = [];
  let counts: { items: number; questions: number };
  for (let next = generator.next(); ; next = generator.next()) {
    if (next.done) { counts = next.value; break; }
    const { fields, extra, imageHash } = next.value;
    rows.push({ fields, extra, imageHash, imageBytes: imageHash ? imageByteLength(db, imageHash) : 0 });
  }
  const intIndex = rows.every((r) => isInteger(r.fields.index));
  const intTriplet = rows.every((r) => isInteger(r.fields.triplet_id));
  const extras = [...new Set(rows.flatMap((r) => Object.keys(r.extra)))].sort();
  const columns = features(intIndex, intTriplet, extras);
  const layout: Layout = { intIndex, intTriplet, extras, huggingface: huggingfaceMetadata(columns) };
  const groups = shards(rows, options.shardBytes);

  const staging = join(out, `.partial-${process.pid}`);
  mkdirSync(join(staging, 'data'), { recursive: true });
  try {
    let downloadSize = 0;
    groups.forEach((group, k) => {
      const file = join(staging, 'data', `${SPLIT}-${String(k).padStart(5, '0')}-of-${String(groups.length).padStart(5, '0')}.parquet`);
      const bytes = shardBuffer(group, (hash) => imageBytes(db, hash).bytes, layout);
      writeFileSync(file, bytes);
      downloadSize += bytes.length;
    });
    const datasetSize = rows.reduce((n, r) => n + r.imageBytes + Buffer.byteLength(JSON.stringify(r.fields)) + Buffer.byteLength(JSON.stringify(r.extra)), 0);
    writeFileSync(join(staging, 'README.md'), datasetCard({
      name: options.name, license: options.license, citation: options.citation, features: columns,
      split: SPLIT, examples: rows.length, downloadSize, datasetSize, triplets: counts.items, quality: options.quality?.markdown ?? null,
    }));
    if (options.quality) writeFileSync(join(staging, QUALITY_FILE), options.quality.json);
    // Replace an earlier export's shards (their count may differ) and card; nothing else in the folder is touched.
    rmSync(join(out, 'data'), { recursive: true, force: true });
    renameSync(join(staging, 'data'), join(out, 'data'));
    renameSync(join(staging, 'README.md'), join(out, 'README.md'));
    // An earlier export's report would contradict this card: it is replaced, or removed when none was asked for.
    rmSync(join(out, QUALITY_FILE), { force: true });
    if (options.quality) renameSync(join(staging, QUALITY_FILE), join(out, QUALITY_FILE));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { ...counts, shards: groups.length };
}

/** The parquet shards of an exported (or downloaded) release folder, in order: `data/*.parquet`, else `*.parquet`. */
export function releaseShards(folder: string): string[] | null {
  if (!statSync(folder).isDirectory()) return null;
  for (const dir of [join(folder, 'data'), folder]) {
    let names: string[];
    try { names = readdirSync(dir); } catch { continue; }
    const parquet = names.filter((n) => n.endsWith('.parquet')).sort();
    if (parquet.length) return parquet.map((n) => join(dir, n));
  }
  return [];
}

/** A card bigger than this is not a card we wrote or one the hub shows in full; its licence is not worth the memory. */
const CARD_LIMIT = 1024 * 1024;

/** The licence and citation a release folder's card (`README.md`) states, or null when it has no readable card. */
export function releaseCard(folder: string): CardRelease | null {
  const path = join(folder, 'README.md');
  if (!existsSync(path)) return null;
  const stat = statSync(path);
  return stat.isFile() && stat.size <= CARD_LIMIT ? readCard(readFileSync(path, 'utf8')) : null;
}
