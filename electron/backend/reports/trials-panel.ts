import type { TrialsPanel } from '@shared/contract';
import { accuracyBy } from '@shared/scoring/accuracy';
import type { ScoredQuestion } from './load';

/** How many split questions a report lists (all are counted), so a stored summary stays small. */
const SPLIT_LISTED = 200;

/** The majority vote's spread over a run's voted questions (METHODS §6.6); null for a run without repeated trials. */
export function trialsPanel(questions: readonly ScoredQuestion[]): TrialsPanel | null {
  const voted = questions.flatMap((q) => (q.vote ? [{ q, vote: q.vote }] : []));
  if (voted.length === 0) return null;
  const trials = voted[0]!.q.passes.length;
  const byAgreement: Record<string, number> = {};
  for (const { vote } of voted) byAgreement[`${vote.agreeing}/${trials}`] = (byAgreement[`${vote.agreeing}/${trials}`] ?? 0) + 1;
  const split = voted.filter(({ vote }) => vote.agreeing < trials)
    .sort((a, b) => a.vote.agreeing - b.vote.agreeing || a.q.questionId - b.q.questionId);
  return {
    trials,
    voted: voted.length,
    meanAgreement: voted.reduce((sum, { vote }) => sum + vote.agreement, 0) / voted.length,
    unanimous: voted.length - split.length,
    ties: voted.filter(({ vote }) => vote.tie).length,
    majority: accuracyBy(voted.map(({ q }) => ({ correct: q.correct, groups: {} })), []).overall,
    firstTrial: accuracyBy(voted.map(({ q }) => ({ correct: q.passes.find((p) => p.pass === 0)?.correct ?? false, groups: {} })), []).overall,
    byAgreement,
    split: split.slice(0, SPLIT_LISTED).map(({ q, vote }) => ({
      questionId: q.questionId, extId: q.extId, majority: vote.label, agreeing: vote.agreeing, tie: vote.tie, votes: votesOf(q),
    })),
    splitCount: split.length,
  };
}

/** Each answer's count among a question's trials; "∅" stands for a reply nothing could be read from. */
function votesOf(q: ScoredQuestion): Record<string, number> {
  const votes: Record<string, number> = {};
  for (const p of q.passes) votes[p.label ?? '∅'] = (votes[p.label ?? '∅'] ?? 0) + 1;
  return votes;
}
