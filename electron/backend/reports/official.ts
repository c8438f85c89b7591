import type { QuestionType } from '@shared/contract';
import type { OfficialScore } from '@shared/contract/report-entities';
import { isMmmuSet, officialMmmuSteps } from '@shared/scoring/mmmu-official';
import { isMmStarSet, officialMmStarSteps } from '@shared/scoring/mmstar-official';
import type { OfficialInput, OfficialPass } from '@shared/scoring/official-common';
import { isLetteredSet, officialVlmEvalKitSteps } from '@shared/scoring/vlmevalkit-official';
import type { Db } from '../db/open';
import { readAnswer, readOptions } from '../items/columns';
import type { ScoredQuestion } from './load';
import { runOfficialPassRows } from './store/questions';

/** A question's asked passes as the official scorers read them: options and gold as asked, and the raw reply. */
export interface AskedPasses { type: QuestionType; passes: OfficialPass[] }
export type RunReplies = ReadonlyMap<number, AskedPasses>;

/** Every asked pass of a run by question: one read of the run's units and replies. */
export function loadRunReplies(db: Db, runId: number): RunReplies {
  const out = new Map<number, AskedPasses>();
  for (const r of runOfficialPassRows(db, runId)) {
    let q = out.get(r.question_id);
    if (!q) out.set(r.question_id, (q = { type: r.type, passes: [] }));
    q.passes[r.pass] = { options: readOptions(r.options), gold: readAnswer(r.answer), reply: r.raw };
  }
  return out;
}

/** The scored questions as the official scorers take them; ids are the source's own, made unique where they repeat. */
function officialInputs(questions: readonly ScoredQuestion[], replies: RunReplies): OfficialInput[] {
  const seen = new Set<string>();
  const inputs: OfficialInput[] = [];
  for (const q of questions) {
    const asked = replies.get(q.questionId);
    const [first, ...rest] = asked?.passes ?? [];
    if (!q.scored || !asked || !first) continue;
    const id = seen.has(q.extId) ? `${q.extId} #${q.questionId}` : q.extId;
    seen.add(id);
    inputs.push({
      id, type: asked.type, subject: q.groups.subject ?? null, category: q.groups.category ?? null, l2Category: q.groups.l2Category ?? null,
      split: q.groups.split ?? null, passes: [first, ...rest], studio: { read: q.passes[0]?.label ?? null, right: q.correct },
    });
  }
  return inputs;
}

/**
 * The official figures that apply to a run (METHODS §5), beside the studio's: MMMU's evaluation for MMMU's subjects,
 * MMStar's own scorer for MMStar's categories, VLMEvalKit's exact-matching MCQ evaluation for any lettered
 * multiple-choice set (CircularEval as mcq_circular_eval when the run asked the rotations). MMEvalPro's triplets have
 * their own (`mmevalproOfficial`). MMMU's and MMStar's read a question's first pass, the options in their own order.
 */
export function* officialScoreSteps(
  questions: readonly ScoredQuestion[], replies: RunReplies, circular: boolean, listed: number,
): Generator<void, OfficialScore[]> {
  if (questions.some((q) => q.role !== 'origin')) return [];
  const inputs = officialInputs(questions, replies);
  const scores: OfficialScore[] = [];
  if (isMmmuSet(inputs)) scores.push((yield* officialMmmuSteps(inputs, listed)).score);
  if (isMmStarSet(inputs)) scores.push((yield* officialMmStarSteps(inputs, listed)).score);
  if (isLetteredSet(inputs)) scores.push((yield* officialVlmEvalKitSteps(inputs, circular, listed)).score);
  return scores;
}
