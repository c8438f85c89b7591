import type { Role } from '../contract/entities';
import { pyRound } from './rounding';

/** One answered question as the MMEvalPro scorer sees it: `prediction` is already an extracted label. */
export interface TripletAnswer {
  tripletId: string;
  source: string;
  role: Role;
  prediction: string | null;
  answer: string;
}

export interface MmEvalProScores {
  genuine_accuracy_score: number;
  average_score: number;
  origin_score: number;
  perception_score: number;
  knowledge_score: number;
  /** OA − GA */
  consistency_gap: number;
  /** P(perception right | origin right) */
  perception_consistency: number;
  /** P(knowledge right | origin right) */
  knowledge_consistency: number;
  /** conditional[X][Y] = P(X right | Y right), ×100 */
  conditional: Record<Role, Record<Role, number>>;
  triplets: number;
  questions: number;
}

const roles: Role[] = ['origin', 'perception', 'knowledge'];
const pct = (n: number, d: number) => (d === 0 ? 0 : pyRound((100 * n) / d, 2));

/** Correct as the published scorer decides it: the extracted answer equals the gold label as a string. */
export const isCorrect = (a: TripletAnswer) => a.prediction !== null && a.prediction === a.answer;

function scoreGroup(answers: readonly TripletAnswer[]): MmEvalProScores {
  const triplets = new Map<string, Partial<Record<Role, boolean>>>();
  const right: Record<Role, number> = { origin: 0, perception: 0, knowledge: 0 };
  const asked: Record<Role, number> = { origin: 0, perception: 0, knowledge: 0 };
  for (const a of answers) {
    const ok = isCorrect(a);
    asked[a.role]++;
    if (ok) right[a.role]++;
    const t = triplets.get(a.tripletId) ?? {};
    // A duplicated prediction for the same question counts once: the first answer stands.
    if (t[a.role] === undefined) t[a.role] = ok;
    triplets.set(a.tripletId, t);
  }
  let genuine = 0;
  const both: Record<Role, Record<Role, number>> = { origin: { origin: 0, perception: 0, knowledge: 0 }, perception: { origin: 0, perception: 0, knowledge: 0 }, knowledge: { origin: 0, perception: 0, knowledge: 0 } };
  const given: Record<Role, number> = { origin: 0, perception: 0, knowledge: 0 };
  for (const t of triplets.values()) {
    if (roles.every((r) => t[r] === true)) genuine++;
    for (const y of roles) {
      if (t[y] !== true) continue;
      given[y]++;
      for (const x of roles) if (t[x] === true) both[x][y]++;
    }
  }
  const total = asked.origin + asked.perception + asked.knowledge;
  const ga = pct(genuine, triplets.size);
  const oa = pct(right.origin, asked.origin);
  const conditional = Object.fromEntries(roles.map((x) => [x, Object.fromEntries(roles.map((y) => [y, pct(both[x][y], given[y])]))])) as MmEvalProScores['conditional'];
  return {
    genuine_accuracy_score: ga,
    average_score: pct(right.origin + right.perception + right.knowledge, total),
    origin_score: oa,
    perception_score: pct(right.perception, asked.perception),
    knowledge_score: pct(right.knowledge, asked.knowledge),
    consistency_gap: pyRound(oa - ga, 2),
    perception_consistency: conditional.perception.origin,
    knowledge_consistency: conditional.knowledge.origin,
    conditional,
    triplets: triplets.size,
    questions: total,
  };
}

export interface MmEvalProReport {
  bySource: Record<string, MmEvalProScores>;
  Macro_Average: Omit<MmEvalProScores, 'conditional' | 'triplets' | 'questions'>;
  Micro_Average: MmEvalProScores;
}

const MACRO_KEYS = [
  'genuine_accuracy_score', 'average_score', 'origin_score', 'perception_score', 'knowledge_score',
  'consistency_gap', 'perception_consistency', 'knowledge_consistency',
] as const;

/**
 * MMEvalPro's metrics per source, the Macro average (mean of the per-source rounded values, rounded) and the Micro
 * average (over all triplets), reproducing the published scorer, plus CG, PC, KC and the conditional matrix.
 */
export function scoreMmEvalPro(answers: readonly TripletAnswer[]): MmEvalProReport {
  const sources = [...new Set(answers.map((a) => a.source))].sort();
  const bySource = Object.fromEntries(sources.map((s) => [s, scoreGroup(answers.filter((a) => a.source === s))]));
  const per = Object.values(bySource);
  const macro = Object.fromEntries(MACRO_KEYS.map((k) => [k, per.length ? pyRound(per.reduce((n, s) => n + s[k], 0) / per.length, 2) : 0])) as MmEvalProReport['Macro_Average'];
  return { bySource, Macro_Average: macro, Micro_Average: scoreGroup(answers) };
}
