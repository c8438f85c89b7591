import type { OfficialGroup, OfficialScore } from '../contract/report-entities';
import { pyStrip } from './mmmu-open';
import { allAtOnce, mapInSteps, officialParts, replyText, verdicts, type OfficialInput, type OfficialReading } from './official-common';

/**
 * MMStar's own scorer, `MMStar_eval` (eval/vlmeval/evaluate/mmstar.py of the MMStar repository), exactly (METHODS
 * §5): a reply is right when its first character, lowercased, is the gold letter — or the character after "(",
 * "option " or "the answer is " at its start. Each L2 category's figure is right/asked; each category's is right/250
 * and the final score right/1500, fixed denominators written for the full 1,500-question benchmark. The script counts
 * into a fixed table of 6 categories × 3 L2 categories and stops (ZeroDivisionError) when an L2 category has no
 * question; here that figure is null and `note` says the script would not print.
 */

export const MMSTAR_REFERENCE = 'MMStar-Benchmark/MMStar eval/vlmeval/evaluate/mmstar.py (MMStar_eval) @ 88f243ab';

const TABLE: Readonly<Record<string, readonly string[]>> = {
  'coarse perception': ['image scene and topic', 'image style & quality', 'image emotion'],
  'fine-grained perception': ['object counting', 'recognition', 'localization'],
  'instance reasoning': ['single-instance reasoning', 'cross-instance attribute reasoning', 'cross-instance relation reasoning'],
  'logical reasoning': ['code & sequence reasoning', 'diagram reasoning', 'common reasoning'],
  'science & technology': ['biology & chemistry & physics', 'electronics & energy & mechanical eng.', 'geography & earth science & agriculture'],
  'math': ['geometry', 'numeric commonsense and calculation', 'statistical reasoning'],
};

const inTable = (q: OfficialInput) => q.category !== null && Object.hasOwn(TABLE, q.category) && TABLE[q.category]!.includes(q.l2Category ?? '');

/** Whether MMStar_eval can count these: every question's category and L2 category are in its table. */
export const isMmStarSet = (inputs: readonly OfficialInput[]) => inputs.length > 0 && inputs.every(inTable);

/** `x.lower().strip().replace('\n', ' ')`, as code points (Python indexes a str by code point). */
const normalised = (text: string) => [...pyStrip(text.toLowerCase()).replace(/\n/g, ' ')];

/** The script's test of one reply; an IndexError (a reply too short) is caught and counts as wrong. */
export function mmStarRight(reply: string, gold: string): boolean {
  const answer = normalised(gold).join('');
  const p = normalised(reply);
  const after = (prefix: string) => p.slice(0, prefix.length).join('') === prefix && answer === p[prefix.length];
  return answer === p[0] || (p[0] === '(' && answer === p[1]) || after('option ') || after('the answer is ');
}

function figures(inputs: readonly OfficialInput[], right: ReadonlyMap<string, boolean>): { groups: OfficialGroup[]; missing: string[] } {
  const groups: OfficialGroup[] = [];
  const missing: string[] = [];
  let total = 0;
  for (const [category, l2s] of Object.entries(TABLE)) {
    const head: OfficialGroup = { name: category, num: 0, acc: null };
    groups.push(head);
    let hits = 0;
    for (const l2 of l2s) {
      const qs = inputs.filter((q) => q.category === category && q.l2Category === l2);
      const n = qs.filter((q) => right.get(q.id)).length;
      if (qs.length === 0) missing.push(`${category}(${l2})`);
      groups.push({ name: `${category}(${l2})`, num: qs.length, acc: qs.length === 0 ? null : n / qs.length });
      head.num += qs.length;
      hits += n;
    }
    head.acc = hits / 250;
    total += hits;
  }
  groups.unshift({ name: 'final score', num: inputs.length, acc: total / 1500 });
  return { groups, missing };
}

/** MMStar_eval's figures for these questions, each reading, and where it and the studio part. */
export const officialMmStar = (inputs: readonly OfficialInput[], listed = Infinity) => allAtOnce(officialMmStarSteps(inputs, listed));

/** officialMmStar as steps that pause between slices of questions (official-common.ts mapInSteps). */
export function* officialMmStarSteps(
  inputs: readonly OfficialInput[], listed = Infinity,
): Generator<void, { score: OfficialScore; readings: OfficialReading[] }> {
  const readings = yield* mapInSteps(inputs, (q) => {
    const reply = replyText(q.passes[0].reply);
    return { id: q.id, read: [...pyStrip(reply)][0] ?? null, right: mmStarRight(reply, q.passes[0].gold[0] ?? ''), randomFallback: false };
  });
  const { groups, missing } = figures(inputs, new Map(readings.map((r) => [r.id, r.right])));
  const note = missing.length === 0 ? null
    : `MMStar_eval stops with ZeroDivisionError without a question in every L2 category (none in ${missing.join(', ')}); the figures are its formulas`;
  const why = (r: OfficialReading, q: OfficialInput) => `${verdicts(r, q, 'MMStar_eval')}: it reads the reply's first character only`;
  return {
    score: { scorer: 'mmstar', reference: MMSTAR_REFERENCE, overall: groups[0]!.acc, groups, note, ...officialParts(inputs, readings, why, listed) },
    readings,
  };
}
