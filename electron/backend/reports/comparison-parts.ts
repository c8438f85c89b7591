import { shownLabel, type ScoredQuestion } from './load';
import { maskFor } from './outcome-bits';
import { bitsOf, CORRECT, FIRST_CORRECT, FIRST_SCORED, questionSetOf, SCORED } from './summary-vector';

/**
 * What a comparison reads of a run, stored with its summary (issue 20: compare 8 runs within 3× one stored report).
 * A first comparison used to read each run's outcome bytes and turn them into masks, the first run's whole outcome
 * vector for its question ids and clusters, and 8 × 100 predictions by key for the page's answers: ~2.3 ms of its ~3 ms.
 * These parts are what it needs, ready to use: the masks themselves, whether clusters repeat at all, and per chunk of
 * CHUNK positions the question ids and the answer each question shows, so a page reads the chunks it shows and no more
 * (at 100,000 questions the ids alone are 400 KB a run).
 */
export interface ComparisonParts {
  /** Two bit masks over the run's questions in run order, one after the other: scored and right on every pass (MASK). */
  masks: Buffer;
  /** The same two on the first pass alone; null when they equal `masks` (every single-pass run): half the bytes to read. */
  firstMasks: Buffer | null;
  questionSet: string;
  /** Two of the run's questions share a cluster: only then does a comparison read the clusters (cluster bootstrap). */
  clustersRepeat: boolean;
  chunks: PositionChunk[];
}

/**
 * Positions a chunk holds: a page of disagreements usually falls in one or two, and a chunk's row (2 KB of ids, 0.5 KB
 * of shown answers) fits in one database page, so reading it reads no overflow page.
 */
export const CHUNK = 512;

/** Positions `chunk × CHUNK` onwards: their question ids (int32), shown answers (see encodeShown) and its answers' table. */
export interface PositionChunk { chunk: number; ids: Buffer; shown: Buffer; shownLabels: string }

/** Which of the four masks: every pass scored / right, the first pass scored / right. */
export const MASK = { scored: 0, right: 1, firstScored: 2, firstRight: 3 } as const;
const MASK_BITS = [SCORED, CORRECT, FIRST_SCORED, FIRST_CORRECT];

/** The four masks from one outcome byte a question (summary-vector's bits). */
export function masksOfBits(bits: Uint8Array): Uint32Array {
  const words = maskFor(bits.length).length;
  const masks = new Uint32Array(4 * words);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i]!;
    for (let m = 0; m < 4; m++) {
      const w = m * words + (i >>> 5);
      if ((b & MASK_BITS[m]!) !== 0) masks[w] = masks[w]! | (1 << (i & 31));
    }
  }
  return masks;
}

/** One of the four masks, as a view (callers copy before changing it). */
export const maskOf = (masks: Uint32Array, which: number): Uint32Array => {
  const words = masks.length / 4;
  return masks.subarray(which * words, (which + 1) * words);
};

/** A run's four masks as comparisons ask for them: every pass's pair stored, the first pass's read only when asked. */
export function maskReader(every: Uint8Array, first: () => Uint8Array | null) {
  const pair = int32s(every, Uint32Array);
  const words = pair.length / 2;
  let firstPair: Uint32Array | undefined;
  return {
    words,
    mask(which: number): Uint32Array {
      const from = which < 2 ? pair : (firstPair ??= ((b) => (b === null ? pair : int32s(b, Uint32Array)))(first()));
      return from.subarray((which % 2) * words, (which % 2 + 1) * words);
    },
  };
}

/** A typed view of a stored blob: SQLite's Buffer may sit anywhere in a shared pool, so copy unless aligned. */
export function int32s<T extends Int32Array | Uint32Array>(blob: Uint8Array, Kind: { new (b: ArrayBufferLike, o: number, n: number): T }): T {
  const bytes = blob.byteOffset % 4 === 0 ? blob : new Uint8Array(blob);
  return new Kind(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

function clustersRepeat(questions: readonly ScoredQuestion[]): boolean {
  const seen = new Set<number>();
  for (const q of questions) {
    if (seen.has(q.clusterItem)) return true;
    seen.add(q.clusterItem);
  }
  return false;
}

/**
 * Shown answers: a header (index width in bytes, and 2 when the first pass has its own answers), then each question's
 * index in the chunk's table on every pass's reading, then, for runs with more than one pass, on the first pass's
 * alone. The answers are as a comparison page showed them when it read predictions: the label of the lowest pass, with
 * "k/n passes" under CircularEval (shownLabel), or the first pass's label alone.
 */
function encodeShown(questions: readonly ScoredQuestion[], multipass: boolean): { shown: Buffer; shownLabels: string } {
  const table = new Map<string | null, number>([[null, 0]]);
  const indexOf = (label: string | null) => table.get(label) ?? (table.set(label, table.size), table.size - 1);
  const every: number[] = [];
  const first: number[] = [];
  for (const q of questions) {
    const byPass = [...q.passes].sort((a, b) => a.pass - b.pass);
    every.push(indexOf(shownLabel(byPass)));
    if (multipass) first.push(indexOf(shownLabel(byPass.filter((p) => p.pass === 0))));
  }
  const width = table.size <= 0x100 ? 1 : table.size <= 0x10000 ? 2 : 4;
  const indexes = [...every, ...first];
  const shown = Buffer.alloc(4 + width * indexes.length);
  shown.writeUInt8(width, 0);
  shown.writeUInt8(multipass ? 2 : 1, 1);
  indexes.forEach((index, i) => shown.writeUIntLE(index, 4 + width * i, width));
  return { shown, shownLabels: JSON.stringify([...table.keys()]) };
}

export function encodeComparison(questions: readonly ScoredQuestion[]): ComparisonParts {
  const multipass = questions.some((q) => q.passes.length > 1);
  const masks = masksOfBits(Uint8Array.from(questions, bitsOf));
  const half = masks.byteLength / 2;
  const every = Buffer.from(masks.buffer, masks.byteOffset, half);
  const first = Buffer.from(masks.buffer, masks.byteOffset + half, half);
  const chunks: PositionChunk[] = [];
  for (let start = 0; start < questions.length; start += CHUNK) {
    const part = questions.slice(start, start + CHUNK);
    const ids = Int32Array.from(part, (q) => q.questionId);
    chunks.push({ chunk: start / CHUNK, ids: Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength), ...encodeShown(part, multipass) });
  }
  return {
    masks: every,
    firstMasks: first.equals(every) ? null : first,
    questionSet: questionSetOf(Int32Array.from(questions, (q) => q.questionId)),
    clustersRepeat: clustersRepeat(questions),
    chunks,
  };
}

/** One chunk read back: the question id and the shown answer at each of its positions. */
export interface ReadChunk { ids: Int32Array; shown(offset: number, firstPass: boolean): string | null }

export function readChunk(ids: Buffer, shown: Buffer, shownLabels: string): ReadChunk {
  const labels = JSON.parse(shownLabels) as (string | null)[];
  const width = shown.readUInt8(0);
  const readings = shown.readUInt8(1);
  const size = (shown.length - 4) / width / readings;
  return {
    ids: int32s(ids, Int32Array),
    shown: (offset, firstPass) => labels[shown.readUIntLE(4 + width * (firstPass && readings === 2 ? size + offset : offset), width)]!,
  };
}

/** A run's positions read chunk by chunk as they are asked for, each chunk once (kept in `chunks`). */
export function positionsReader(read: (chunk: number) => ReadChunk, chunks = new Map<number, ReadChunk>()) {
  const chunkOf = (position: number) => {
    const n = Math.floor(position / CHUNK);
    let chunk = chunks.get(n);
    if (!chunk) chunks.set(n, (chunk = read(n)));
    return chunk;
  };
  return {
    questionAt: (position: number) => chunkOf(position).ids[position % CHUNK]!,
    shown: (position: number, firstPass: boolean) => chunkOf(position).shown(position % CHUNK, firstPass),
  };
}
