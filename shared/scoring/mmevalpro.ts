import type { z } from 'zod';
import type { Role } from '../contract/entities';
import type { mmEvalProScoresSchema } from '../contract/report-entities';
import { pyRound } from './rounding';

/** One answered question as the MMEvalPro scorer sees it: `prediction` is already an extracted label. */
export interface TripletAnswer {
  tripletId: string;
  source: string;
  role: Role;
  prediction: string | null;
  answer: string;
  /** Set when correctness was decided upstream (a project run: CircularEval, open answers, a person's correction). */
  correct?: boolean;
}

/** The published scorer's figures, as the contract carries them (one shape for both). */
export type MmEvalProScores = z.infer<typeof mmEvalProScoresSchema>;

const roles: Role[] = ['origin', 'perception', 'knowledge'];
const pct = (n: number, d: number) => (d === 0 ? 0 : pyRound((100 * n) / d, 2));

/** Correct as the published scorer decides it: the extracted answer equals the gold label as a string. */
export const isCorrect = (a: TripletAnswer) => a.correct ?? (a.prediction !== null && a.prediction === a.answer);

interface Counts {
  right: Record<Role, number>;
  asked: Record<Role, number>;
  triplets: number;
  incomplete: number;
  genuine: number;
  /** Complete triplets whose origin question is right (CG's OA, on the same triplets as GA). */
  originRight: number;
  /** both[x][y]: triplets with x and y right; given[y]: triplets with y right. */
  both: Record<Role, Record<Role, number>>;
  given: Record<Role, number>;
}

const zeroRoles = (): Record<Role, number> => ({ origin: 0, perception: 0, knowledge: 0 });

function emptyCounts(): Counts {
  return { right: zeroRoles(), asked: zeroRoles(), triplets: 0, incomplete: 0, genuine: 0, originRight: 0,
    both: { origin: zeroRoles(), perception: zeroRoles(), knowledge: zeroRoles() }, given: zeroRoles() };
}

function tally(answers: readonly TripletAnswer[]): Counts {
  const c = emptyCounts();
  const triplets = new Map<string, Partial<Record<Role, boolean>>>();
  for (const a of answers) {
    const ok = isCorrect(a);
    c.asked[a.role]++;
    if (ok) c.right[a.role]++;
    let t = triplets.get(a.tripletId);
    if (!t) triplets.set(a.tripletId, (t = {}));
    // A duplicated prediction for the same question counts once: the first answer stands.
    if (t[a.role] === undefined) t[a.role] = ok;
  }
  for (const t of triplets.values()) {
    // Only complete triplets are triplets: a missing role is not a wrong one (the question was never asked).
    if (t.origin === undefined || t.perception === undefined || t.knowledge === undefined) {
      c.incomplete++;
      continue;
    }
    c.triplets++;
    if (t.origin) c.originRight++;
    if (t.origin && t.perception && t.knowledge) c.genuine++;
    for (const y of roles) {
      if (t[y] !== true) continue;
      c.given[y]++;
      for (const x of roles) if (t[x] === true) c.both[x][y]++;
    }
  }
  return c;
}

function add(a: Counts, b: Counts): Counts {
  const sum = (x: Record<Role, number>, y: Record<Role, number>) => (
    { origin: x.origin + y.origin, perception: x.perception + y.perception, knowledge: x.knowledge + y.knowledge });
  return {
    right: sum(a.right, b.right), asked: sum(a.asked, b.asked), triplets: a.triplets + b.triplets, incomplete: a.incomplete + b.incomplete,
    genuine: a.genuine + b.genuine, originRight: a.originRight + b.originRight,
    both: { origin: sum(a.both.origin, b.both.origin), perception: sum(a.both.perception, b.both.perception),
      knowledge: sum(a.both.knowledge, b.both.knowledge) },
    given: sum(a.given, b.given),
  };
}

const ratio = (n: number, d: number) => (d === 0 ? 0 : (100 * n) / d);

/** CG, PC and KC before rounding: derived metrics are computed from unrounded values and rounded once (issue 23). */
function derived(c: Counts): Record<(typeof DERIVED_KEYS)[number], number> {
  return {
    consistency_gap: ratio(c.originRight, c.triplets) - ratio(c.genuine, c.triplets),
    perception_consistency: ratio(c.both.perception.origin, c.given.origin),
    knowledge_consistency: ratio(c.both.knowledge.origin, c.given.origin),
  };
}

function scores(c: Counts): MmEvalProScores {
  const total = c.asked.origin + c.asked.perception + c.asked.knowledge;
  const conditional = Object.fromEntries(roles.map((x) => [x, Object.fromEntries(roles.map((y) => [y, pct(c.both[x][y], c.given[y])]))])) as MmEvalProScores['conditional'];
  const d = derived(c);
  return {
    genuine_accuracy_score: pct(c.genuine, c.triplets),
    average_score: pct(c.right.origin + c.right.perception + c.right.knowledge, total),
    origin_score: pct(c.right.origin, c.asked.origin),
    perception_score: pct(c.right.perception, c.asked.perception),
    knowledge_score: pct(c.right.knowledge, c.asked.knowledge),
    consistency_gap: pyRound(d.consistency_gap, 2),
    perception_consistency: pyRound(d.perception_consistency, 2),
    knowledge_consistency: pyRound(d.knowledge_consistency, 2),
    conditional,
    conditional_n: { ...c.given },
    triplets: c.triplets,
    incomplete_triplets: c.incomplete,
    questions: total,
  };
}

export interface MmEvalProReport {
  bySource: Record<string, MmEvalProScores>;
  Macro_Average: Omit<MmEvalProScores, 'conditional' | 'conditional_n' | 'triplets' | 'incomplete_triplets' | 'questions'>;
  Micro_Average: MmEvalProScores;
}

// The published scorer's Macro is the mean of the per-source rounded values, rounded again; kept for its five figures.
const PUBLISHED_KEYS = ['genuine_accuracy_score', 'average_score', 'origin_score', 'perception_score', 'knowledge_score'] as const;
const DERIVED_KEYS = ['consistency_gap', 'perception_consistency', 'knowledge_consistency'] as const;

/**
 * MMEvalPro's metrics per source, the Macro average (mean of the per-source rounded values, rounded) and the Micro
 * average (over all triplets), reproducing the published scorer, plus CG, PC, KC and the conditional matrix.
 */
export function scoreMmEvalPro(answers: readonly TripletAnswer[]): MmEvalProReport {
  // One pass splits by source; Micro sums the per-source counts (a triplet belongs to one source).
  const split = new Map<string, TripletAnswer[]>();
  for (const a of answers) {
    const list = split.get(a.source);
    if (list) list.push(a);
    else split.set(a.source, [a]);
  }
  const sources = [...split.keys()].sort();
  const counts = sources.map((s) => tally(split.get(s)!));
  const bySource = Object.fromEntries(sources.map((s, i) => [s, scores(counts[i]!)]));
  const per = Object.values(bySource);
  const mean = (values: number[]) => (values.length ? pyRound(values.reduce((n, v) => n + v, 0) / values.length, 2) : 0);
  const raw = counts.map(derived);
  const macro = {
    ...Object.fromEntries(PUBLISHED_KEYS.map((k) => [k, mean(per.map((s) => s[k]))])),
    ...Object.fromEntries(DERIVED_KEYS.map((k) => [k, mean(raw.map((r) => r[k]))])),
  } as MmEvalProReport['Macro_Average'];
  return { bySource, Macro_Average: macro, Micro_Average: scores(counts.reduce(add, emptyCounts())) };
}
