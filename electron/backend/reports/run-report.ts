import { ASKED_ONCE_LISTED, type Role, type RunReport, type RunSummary } from '@shared/contract';
import { reportGroupKeys } from '@shared/contract/report-entities';
import { accuracyBy, VRP_KEYS } from '@shared/scoring/accuracy';
import { withClusterIntervals } from '@shared/scoring/cluster-accuracy';
import { scoreMmEvalPro, type TripletAnswer } from '@shared/scoring/mmevalpro';
import { officialMmEvalPro } from '@shared/scoring/mmevalpro-official';
import { hasVrp, shownAnswer, type ScoredQuestion } from './load';
import { allAtOnce } from '@shared/scoring/official-common';
import { officialScoreSteps, type RunReplies } from './official';
import { trialsPanel } from './trials-panel';

/** The triplet answers MMEvalPro's scorer counts: scored questions, correctness decided by the run. */
export function tripletAnswers(questions: readonly ScoredQuestion[]): TripletAnswer[] {
  return questions.filter((q) => q.scored).map((q) => ({
    tripletId: String(q.itemId), source: q.groups.source ?? 'unknown', role: q.role,
    prediction: q.passes[0]?.label ?? null, answer: q.gold, correct: q.correct,
  }));
}

/** How many of the official reading's differences a report lists (all are counted): a stored summary stays small. */
const OFFICIAL_LISTED = 200;

const asksTriplets = (questions: readonly ScoredQuestion[]) => questions.some((q) => q.role !== 'origin');

function circularPanel(scored: readonly ScoredQuestion[]): NonNullable<RunReport['circular']> {
  // Single pass = the first pass alone, i.e. what a run without CircularEval would have scored on the same requests.
  const both = scored.map((q) => ({ q, first: q.passes.find((p) => p.pass === 0)?.correct ?? false }));
  const circular = accuracyBy(both.map(({ q }) => ({ correct: q.correct, groups: { category: q.groups.category ?? q.groups.source ?? null } })), ['category']);
  const single = accuracyBy(both.map(({ q, first }) => ({ correct: first, groups: { category: q.groups.category ?? q.groups.source ?? null } })), ['category']);
  return {
    circular: circular.overall,
    singlePass: single.overall,
    flagged: scored.filter((q) => q.flag !== null).length,
    askedOnce: scored.flatMap((q) => (q.flag === null ? [] : [{ questionId: q.questionId, extId: q.extId, reason: q.flag }])).slice(0, ASKED_ONCE_LISTED),
    byCategory: Object.keys(circular.by.category ?? {}).map((group) => ({
      group, circular: circular.by.category![group]!, singlePass: single.by.category![group]!,
    })),
  };
}

/** A run report without its live header: what a run's stored summary keeps. */
export type ReportBody = Omit<RunReport, 'run'>;

/** Everything the Reports screen shows for one run, computed from its predictions. */
export function buildRunReport(run: RunSummary, questions: readonly ScoredQuestion[], replies: RunReplies): RunReport {
  return { run, ...buildReportBody(questions, run.circular, replies) };
}

/** The report's figures: counted once when a run's summary is stored, and by `doctor` to check it. */
export const buildReportBody = (questions: readonly ScoredQuestion[], circular: boolean, replies: RunReplies): ReportBody =>
  allAtOnce(reportBodySteps(questions, circular, replies));

/** buildReportBody as steps that pause while the official scorers read the replies (official-common.ts mapInSteps). */
export function* reportBodySteps(questions: readonly ScoredQuestion[], circular: boolean, replies: RunReplies): Generator<void, ReportBody> {
  const scored = questions.filter((q) => q.scored);
  const errors = questions.filter((q) => !q.scored && q.passes.some((p) => p.state === 'error')).length;
  const extraction: Record<string, number> = {};
  for (const q of questions) {
    for (const p of q.passes) if (p.state === 'answered') extraction[p.extraction ?? 'unknown'] = (extraction[p.extraction ?? 'unknown'] ?? 0) + 1;
  }
  // Wilson treats questions as independent; a triplet's or a VRP original's questions are not (METHODS §5).
  const accuracy = withClusterIntervals(accuracyBy(scored, reportGroupKeys), scored, reportGroupKeys);
  // A grouping whose every question has no value says nothing; leave it out rather than show an empty chart.
  for (const key of reportGroupKeys) if (Object.keys(accuracy.by[key] ?? {}).length === 0) delete accuracy.by[key];
  // Each part below costs a few milliseconds per thousand questions: a pause between them keeps every piece short.
  yield;
  const official = yield* officialScoreSteps(questions, replies, circular, OFFICIAL_LISTED);
  yield;
  const triplets = asksTriplets(questions) ? tripletAnswers(questions) : null;
  const mmevalpro = triplets ? scoreMmEvalPro(triplets) : null;
  yield;
  const mmevalproOfficial = triplets ? officialMmEvalPro(triplets, OFFICIAL_LISTED) : null;
  yield;
  return {
    coverage: { questions: questions.length, scored: scored.length, pending: questions.length - scored.length - errors, errors },
    accuracy,
    extraction,
    circular: circular ? circularPanel(scored) : null,
    mmevalpro,
    mmevalproOfficial,
    official,
    vrp: hasVrp(questions) ? withClusterIntervals(accuracyBy(scored, VRP_KEYS), scored, VRP_KEYS).by : null,
    trials: trialsPanel(questions),
  };
}

/** A leaderboard row's scores: plain Wilson accuracy over scored questions and MMEvalPro's genuine accuracy. */
export function boardScores(questions: readonly ScoredQuestion[]) {
  const scored = questions.filter((q) => q.scored);
  return {
    questions: questions.length,
    accuracy: accuracyBy(scored, []).overall,
    genuineAccuracy: asksTriplets(questions) ? scoreMmEvalPro(tripletAnswers(questions)).Micro_Average.genuine_accuracy_score : null,
  };
}
export type BoardScores = ReturnType<typeof boardScores>;

/** Accuracy per VRP level and relation value, as the VRP chart draws it; null when no question carries VRP values. */
export const vrpScores = (questions: readonly ScoredQuestion[]) => hasVrp(questions) ? accuracyBy(questions.filter((q) => q.scored), VRP_KEYS).by : null;
export type VrpBy = NonNullable<ReturnType<typeof vrpScores>>;

/** Triplets behind one heatmap cell: `given` right, and `target` right or not. */
export function drillTriplets(questions: readonly ScoredQuestion[], given: Role, target: Role, targetRight: boolean, source?: string) {
  const triplets = new Map<number, Partial<Record<Role, ScoredQuestion>>>();
  for (const q of questions) {
    if (!q.scored) continue;
    if (source !== undefined && (q.groups.source ?? 'unknown') !== source) continue;
    let t = triplets.get(q.itemId);
    if (!t) triplets.set(q.itemId, (t = {}));
    t[q.role] ??= q;
  }
  const view = (q: ScoredQuestion | undefined) => q ? { questionId: q.questionId, text: q.text, gold: q.gold, label: shownAnswer(q),
    correct: q.correct } : null;
  const rows = [];
  for (const [itemId, t] of triplets) {
    // A triplet missing its target question counts as not right, as in the matrix itself.
    if (t[given]?.correct !== true || (t[target]?.correct === true) !== targetRight) continue;
    const any = (t.origin ?? t.perception ?? t.knowledge)!;
    rows.push({ itemId, extId: any.extId, source: any.groups.source ?? 'unknown', origin: view(t.origin), perception: view(t.perception), knowledge: view(t.knowledge) });
  }
  return rows;
}
