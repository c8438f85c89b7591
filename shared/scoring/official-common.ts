import type { Option, QuestionType } from '../contract/entities';
import type { OfficialQuestion, OfficialScore } from '../contract/report-entities';

/** One asked pass: the options and gold as asked (rotated for CircularEval) and the raw reply (null: none stored). */
export interface OfficialPass {
  options: readonly Option[];
  gold: readonly string[];
  reply: string | null;
}

/** One scored question of a run (or a file) as the official scorers need it: the replies, not the studio's reading. */
export interface OfficialInput {
  id: string;
  type: QuestionType;
  subject: string | null;
  category: string | null;
  l2Category: string | null;
  split: string | null;
  /** Every asked pass in pass order; the first holds the options in their own order. */
  passes: readonly [OfficialPass, ...OfficialPass[]];
  /** The studio's reading of the first pass and its verdict on the question. */
  studio: { read: string | null; right: boolean };
}

/** What an official scorer made of one question. */
export interface OfficialReading {
  id: string;
  read: string | null;
  right: boolean;
  randomFallback: boolean;
}

/** Python's `str(x)` of a missing reply as a scorer would see it in the file the studio exports: an empty cell. */
export const replyText = (reply: string | null | undefined) => reply ?? '';

/** Questions an official scorer reads between two pauses of its steps (below). */
const READS_PER_STEP = 64;

/**
 * `items.map(fn)` as steps that pause every READS_PER_STEP items: a server computing a run's summary takes a turn of
 * its event loop at each pause (reports/summary.ts), so reading thousands of replies the official way never holds it
 * in one piece (issue 29); every other caller runs the steps straight through (allAtOnce).
 */
export function* mapInSteps<T, R>(items: readonly T[], fn: (item: T) => R): Generator<void, R[]> {
  const out: R[] = [];
  for (const item of items) {
    out.push(fn(item));
    if (out.length % READS_PER_STEP === 0) yield;
  }
  return out;
}

/** Runs steps to their end without pausing. */
export function allAtOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The questions where the official code and the studio part (or where the official code answered at random), each
 * with why, and the studio's accuracy on the same questions: the parts every official score shares.
 */
export function officialParts(
  inputs: readonly OfficialInput[], readings: readonly OfficialReading[], why: (r: OfficialReading, q: OfficialInput) => string, listed: number,
): Pick<OfficialScore, 'studio' | 'randomFallbacks' | 'differences' | 'differenceCount'> {
  const byId = new Map(inputs.map((q) => [q.id, q]));
  const differences: OfficialQuestion[] = [];
  for (const r of readings) {
    const q = byId.get(r.id)!;
    if (r.right === q.studio.right && !r.randomFallback) continue;
    differences.push({
      id: r.id, official: r.read, officialRight: r.right, studio: q.studio.read, studioRight: q.studio.right, randomFallback: r.randomFallback, why: why(r, q),
    });
  }
  const right = inputs.filter((q) => q.studio.right).length;
  return {
    studio: { num: inputs.length, right, acc: inputs.length === 0 ? null : right / inputs.length },
    randomFallbacks: readings.filter((r) => r.randomFallback).length,
    differences: differences.slice(0, listed),
    differenceCount: differences.length,
  };
}

/** The verdicts in words, for a difference's `why`. */
export function verdicts(r: OfficialReading, q: OfficialInput, scorer: string): string {
  const said = (right: boolean) => (right ? 'right' : 'wrong');
  const official = r.read === null ? `${scorer} reads nothing` : `${scorer} reads ${r.read}`;
  const studio = q.studio.read === null ? 'the studio read nothing' : `the studio read ${q.studio.read}`;
  return `${official} (${said(r.right)}); ${studio} (${said(q.studio.right)})`;
}
