import { createHash } from 'node:crypto';
import type { ScoredQuestion } from './load';

/** Outcome bits of one question: all passes / the first pass alone, scored and right. */
export const SCORED = 1;
export const CORRECT = 2;
export const FIRST_SCORED = 4;
export const FIRST_CORRECT = 8;

/**
 * A run's per-question outcomes, columnar and in the run's order: what comparisons read instead of every prediction
 * row (issue 20). Stored as one BLOB: question ids (int32), cluster items (int32), outcome bits (uint8): 9 bytes a question.
 */
export interface OutcomeVector {
  ids: Int32Array;
  clusters: Int32Array;
  bits: Uint8Array;
}

/** The bits a question's passes give, by the same rules as loadScored (scored: every pass answered) and firstPassOnly. */
export function bitsOf(q: ScoredQuestion): number {
  const first = q.passes.find((p) => p.pass === 0);
  const firstScored = first?.state === 'answered';
  return (q.scored ? SCORED : 0) | (q.correct ? CORRECT : 0) | (firstScored ? FIRST_SCORED : 0) | (firstScored && first.correct ? FIRST_CORRECT : 0);
}

export function encodeOutcomes(questions: readonly ScoredQuestion[]): Buffer {
  const n = questions.length;
  const out = Buffer.alloc(n * 9);
  const ids = new Int32Array(out.buffer, out.byteOffset, n);
  const clusters = new Int32Array(out.buffer, out.byteOffset + 4 * n, n);
  questions.forEach((q, i) => {
    ids[i] = q.questionId;
    clusters[i] = q.clusterItem;
    out[8 * n + i] = bitsOf(q);
  });
  return out;
}

export function decodeOutcomes(blob: Uint8Array): OutcomeVector {
  // int32 views need an aligned start: a Buffer from SQLite may sit anywhere in a shared pool, so copy unless aligned.
  const bytes = blob.byteOffset % 4 === 0 ? blob : new Uint8Array(blob);
  const n = bytes.length / 9;
  return { ids: new Int32Array(bytes.buffer, bytes.byteOffset, n), clusters: new Int32Array(bytes.buffer, bytes.byteOffset + 4 * n, n),
    bits: bytes.subarray(8 * n) };
}

/** A name for a run's question ids in run order: two runs with the same one asked the same questions in the same order. */
export const questionSetOf = (ids: Int32Array): string => createHash('sha256').update(new Uint8Array(ids.buffer, ids.byteOffset, ids.byteLength)).digest('base64url');
