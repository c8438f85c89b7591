import type { OfficialGroup, OfficialScore } from '../contract/report-entities';
import { allAtOnce, mapInSteps, officialParts, replyText, verdicts, type OfficialInput, type OfficialReading } from './official-common';
import { canInfer } from './vlmevalkit-can-infer';

/**
 * VLMEvalKit's MCQ evaluation under its `exact_matching` policy (no judge), exactly as
 * `ImageMCQDataset.evaluate_heuristic` runs it (METHODS §5): vlmeval/dataset/utils/multiple_choice.py's
 * `mcq_vanilla_eval` (MMStar and other plain sets: a reply can_infer cannot read becomes 'Z', a miss) or
 * `mcq_circular_eval` (CircularEval: a question is a hit only when can_infer reads every copy's own answer; without a
 * judge a copy it cannot read makes the question a miss), then `report_acc` (Overall, then each l2-category and each
 * category, sorted, MMBench's abbreviated). Its random choice is only for a judge that fails three times: never here.
 */

export const VLMEVALKIT_REFERENCE = 'open-compass/VLMEvalKit vlmeval/dataset/utils/multiple_choice.py, vlmeval/utils/matching_util.py @ e8e78f05';

const MMB_ABBRS: Readonly<Record<string, string>> = {
  'coarse_perception': 'CP', 'finegrained_perception (instance-level)': 'FP-S', 'finegrained_perception (cross-instance)': 'FP-C',
  'logic_reasoning': 'LR', 'relation_reasoning': 'RR', 'attribute_reasoning': 'AR',
};

const LETTER = /^[A-Z]$/;

/** Whether VLMEvalKit's MCQ evaluation can score these: multiple-choice questions with one lettered answer each. */
export const isLetteredSet = (inputs: readonly OfficialInput[]) => inputs.length > 0 && inputs.every((q) => q.type === 'multiple-choice'
  && q.passes.every((p) => p.gold.length === 1 && p.options.some((o) => o.label === p.gold[0]) && p.options.every((o) => LETTER.test(o.label))));

function readQuestion(q: OfficialInput, circular: boolean): OfficialReading {
  // Each asked copy with its own options and answer (a CircularEval pass is VLMEvalKit's copy index + 1e6 × shift).
  const asked = circular ? q.passes : [q.passes[0]];
  const reads = asked.map((p) => ({ read: canInfer(replyText(p.reply), new Map(p.options.map((o) => [o.label, o.text]))), gt: p.gold[0]! }));
  const first = reads[0]!;
  // Vanilla: an unread reply is 'Z' (extract_answer_from_item with no judge). Circular: a hit needs every copy read as
  // its own answer (prefetch_circular_group; an unread copy is a miss without a judge).
  return { id: q.id, read: first.read, right: reads.every((r) => r.read === r.gt), randomFallback: false };
}

/** report_acc: np.mean of the hits per split, overall then per l2-category and category value (sorted). */
function reportAcc(inputs: readonly OfficialInput[], hits: ReadonlyMap<string, boolean>): { overall: number | null; groups: OfficialGroup[] } {
  const splits = [...new Set(inputs.map((q) => q.split ?? 'none'))].sort();
  const mean = (qs: readonly OfficialInput[]): OfficialGroup['acc'] => (qs.length === 0 ? null : qs.filter((q) => hits.get(q.id)).length / qs.length);
  const groups: OfficialGroup[] = [];
  const named = (name: string, split: string) => (splits.length === 1 ? name : `${name} (${split})`);
  for (const split of splits) {
    const inSplit = inputs.filter((q) => (q.split ?? 'none') === split);
    groups.push({ name: named('Overall', split), num: inSplit.length, acc: mean(inSplit) });
    for (const key of ['l2Category', 'category'] as const) {
      const values = [...new Set(inputs.map((q) => q[key]).filter((v): v is string => v !== null))].sort();
      for (const v of values) {
        const qs = inSplit.filter((q) => q[key] === v);
        groups.push({ name: named(Object.hasOwn(MMB_ABBRS, v) ? MMB_ABBRS[v]! : v, split), num: qs.length, acc: mean(qs) });
      }
    }
  }
  return { overall: splits.length === 1 ? groups[0]!.acc : null, groups };
}

/** VLMEvalKit's exact-matching figure for these questions, each reading, and where it and the studio part. */
export const officialVlmEvalKit = (inputs: readonly OfficialInput[], circular: boolean, listed = Infinity) =>
  allAtOnce(officialVlmEvalKitSteps(inputs, circular, listed));

/** officialVlmEvalKit as steps that pause between slices of questions (official-common.ts mapInSteps). */
export function* officialVlmEvalKitSteps(
  inputs: readonly OfficialInput[], circular: boolean, listed = Infinity,
): Generator<void, { score: OfficialScore; readings: OfficialReading[] }> {
  const readings = yield* mapInSteps(inputs, (q) => readQuestion(q, circular));
  const { overall, groups } = reportAcc(inputs, new Map(readings.map((r) => [r.id, r.right])));
  const why = (r: OfficialReading, q: OfficialInput) => (circular ? `${verdicts(r, q, 'VLMEvalKit')} (CircularEval: can_infer on every copy)` : verdicts(r, q, 'VLMEvalKit'));
  return {
    score: { scorer: 'vlmevalkit', reference: VLMEVALKIT_REFERENCE, overall, groups, note: null, ...officialParts(inputs, readings, why, listed) },
    readings,
  };
}
