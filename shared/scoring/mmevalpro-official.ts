import type { Role } from '../contract/entities';
import type { MmEvalProOfficial, OfficialDifference, OfficialFigures } from '../contract/report-entities';
import { isCorrect, type TripletAnswer } from './mmevalpro';
import { pyRound } from './rounding';

/**
 * MMEvalPro's figures exactly as its published `auto_score.py` computes them (METHODS §5), shown beside the studio's
 * stricter ones. Where the two differ, and why:
 * - a triplet missing a question is still a triplet to the script: it counts in GA's denominator, and counts as genuine
 *   when the questions it has are right (the studio leaves it out and counts it as incomplete);
 * - a question is right when the model output equals the gold as a string, whatever a person's correction, CircularEval
 *   or an open-answer rule decided;
 * - Macro is the mean of the three per-source rounded figures, rounded again (the studio rounds CG, PC, KC once);
 * - only the sources MMMU, MathVista and ScienceQA are scored per source; one with no question (or no question of a
 *   role) makes the script divide by zero, so that figure, and Macro, are absent.
 */

export const OFFICIAL_SOURCES = ['MMMU', 'MathVista', 'ScienceQA'] as const;
const ROLES: Role[] = ['origin', 'perception', 'knowledge'];

/** The script's own test: `entry['answer'] == entry['model_output']`. */
const officialRight = (a: TripletAnswer) => a.prediction !== null && a.prediction === a.answer;

/** `round(x * 100, 2)` on a Python float: x is a ratio first, then scaled, as the script writes it. */
const percent = (n: number, d: number) => pyRound((n / d) * 100, 2);

/** `cal_score(model_outputs)`; null where the script would raise ZeroDivisionError. */
function calScore(rows: readonly TripletAnswer[]): OfficialFigures | null {
  const triplets = new Map<string, TripletAnswer[]>();
  for (const r of rows) triplets.set(r.tripletId, [...(triplets.get(r.tripletId) ?? []), r]);
  const asked = (role: Role) => rows.filter((r) => r.role === role);
  if (rows.length === 0 || ROLES.some((role) => asked(role).length === 0)) return null;
  const genuine = [...triplets.values()].filter((entries) => entries.every(officialRight)).length;
  const right = (list: readonly TripletAnswer[]) => list.filter(officialRight).length;
  return {
    genuine_accuracy_score: percent(genuine, triplets.size),
    average_score: percent(right(rows), rows.length),
    origin_score: percent(right(asked('origin')), asked('origin').length),
    perception_score: percent(right(asked('perception')), asked('perception').length),
    knowledge_score: percent(right(asked('knowledge')), asked('knowledge').length),
  };
}

function macro(per: readonly (OfficialFigures | null)[]): OfficialFigures | null {
  if (per.some((p) => p === null)) return null;
  // np.mean of three floats sums them in order and divides by the count. NumPy rounds the result its own way (scale,
  // rint, unscale), but a third of a sum of 2-decimal figures is never a tie, so Python's rounding gives the same.
  const mean = (k: keyof OfficialFigures) => pyRound(per.reduce((s, p) => s + p![k], 0) / per.length);
  return {
    genuine_accuracy_score: mean('genuine_accuracy_score'), average_score: mean('average_score'), origin_score: mean('origin_score'),
    perception_score: mean('perception_score'), knowledge_score: mean('knowledge_score'),
  };
}

/** Where the script's reading and the studio's part, triplet by triplet and question by question. */
function differences(answers: readonly TripletAnswer[]): OfficialDifference[] {
  const out: OfficialDifference[] = [];
  const triplets = new Map<string, TripletAnswer[]>();
  for (const a of answers) triplets.set(a.tripletId, [...(triplets.get(a.tripletId) ?? []), a]);
  for (const [tripletId, entries] of triplets) {
    const missing = ROLES.filter((role) => !entries.some((e) => e.role === role));
    if (missing.length > 0) {
      const genuine = entries.every(officialRight);
      out.push({ tripletId, source: entries[0]!.source, role: null, official: genuine, studio: null,
        why: `missing ${missing.join(' and ')}: the official script counts the triplet${genuine ? ' as genuine, its questions present being right' : ' (not genuine)'}; the studio leaves it out of GA` });
    }
    for (const e of entries) {
      if (officialRight(e) === isCorrect(e)) continue;
      out.push({ tripletId, source: e.source, role: e.role, official: officialRight(e), studio: isCorrect(e),
        why: `the official script compares the output "${e.prediction ?? ''}" with "${e.answer}" as strings; the studio's reading (a correction, CircularEval or an answer rule) decided otherwise` });
    }
  }
  return out;
}

/**
 * auto_score.py's output for these answers, and where it differs from the studio's reading: all of it, or the first
 * `listed` (a run report keeps its stored summary small; `differenceCount` still counts every one).
 */
export function officialMmEvalPro(answers: readonly TripletAnswer[], listed = Infinity): MmEvalProOfficial {
  const bySource = Object.fromEntries(OFFICIAL_SOURCES.map((s) => [s, calScore(answers.filter((a) => a.source === s))]));
  const all = differences(answers);
  return {
    bySource,
    Macro_Average: macro(OFFICIAL_SOURCES.map((s) => bySource[s]!)),
    Micro_Average: calScore(answers),
    differences: all.slice(0, listed),
    differenceCount: all.length,
  };
}
