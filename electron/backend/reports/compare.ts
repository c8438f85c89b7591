import type { Comparison, Seeing } from '@shared/contract';
import { accuracyBy } from '@shared/scoring/accuracy';
import { withClusterIntervals } from '@shared/scoring/cluster-accuracy';
import { hasClusters, pairedClusterBootstrap } from '@shared/scoring/cluster-bootstrap';
import { mcnemar } from '@shared/scoring/intervals';
import { multimodalGain, multimodalLeakage } from '@shared/scoring/seeing';
import { AppError } from '../errors';
import { shownAnswer, type ScoredQuestion } from './load';

export interface LoadedRun {
  id: number;
  name: string;
  model: string;
  /** Asked under CircularEval: a question is right only when every rotated pass is. */
  circular: boolean;
  questions: readonly ScoredQuestion[];
}

type Basis = Comparison['basis'];

/** A run read on its first pass alone: the options in their original order, as a single-pass run asks them. */
function firstPassOnly(run: LoadedRun): LoadedRun {
  return {
    ...run,
    questions: run.questions.map((q) => {
      const first = q.passes.find((p) => p.pass === 0);
      const scored = first?.state === 'answered';
      return { ...q, passes: first ? [first] : [], scored, correct: scored && first.correct };
    }),
  };
}

/**
 * CircularEval and single-pass accuracies are different measures (a circular question needs every rotation right), so
 * a comparison that mixes them is made on the first pass of every run and says so (METHODS §5).
 */
export function alignPasses(runs: readonly LoadedRun[]): { runs: LoadedRun[]; basis: Basis; note: string | null } {
  const circular = runs.filter((r) => r.circular);
  if (circular.length === 0) return { runs: [...runs], basis: 'single-pass', note: null };
  if (circular.length === runs.length) return { runs: [...runs], basis: 'circular', note: null };
  const ids = circular.map((r) => `#${r.id}`).join(', ');
  return {
    runs: runs.map((r) => (r.circular ? firstPassOnly(r) : r)),
    basis: 'first-pass',
    note: `run${circular.length > 1 ? 's' : ''} ${ids} used CircularEval and the others did not: every run is compared on its first pass alone (the options in their original order), not on CircularEval accuracy`,
  };
}

/** Questions every run has scored, as maps by question id, in the first run's order. */
function commonQuestions(runs: readonly LoadedRun[]): { ids: number[]; maps: Map<number, ScoredQuestion>[] } {
  const maps = runs.map((r) => new Map(r.questions.filter((q) => q.scored).map((q) => [q.questionId, q])));
  const ids = [...maps[0]!.keys()].filter((id) => maps.every((m) => m.has(id)));
  if (ids.length === 0) {
    throw new AppError('invalid_input', `runs ${runs.map((r) => r.id).join(', ')} have no scored question in common; compare runs over the same dataset`);
  }
  return { ids, maps };
}

function cellOf(ids: readonly number[], map: Map<number, ScoredQuestion>) {
  const predictions = ids.map((id) => ({ correct: map.get(id)!.correct, groups: {}, cluster: map.get(id)!.cluster }));
  return withClusterIntervals(accuracyBy(predictions, []), predictions, []).overall;
}

/**
 * One pair of runs: McNemar always; when questions are clustered, the paired cluster bootstrap too, and it decides
 * significance, since McNemar counts a triplet's three questions as three independent pieces of evidence.
 */
function comparePair(ids: readonly number[], a: Map<number, ScoredQuestion>, b: Map<number, ScoredQuestion>) {
  const test = mcnemar(ids.map((id) => [a.get(id)!.correct, b.get(id)!.correct] as const));
  const delta = (100 * (test.onlyFirst - test.onlySecond)) / ids.length;
  if (!hasClusters(ids.map((id) => a.get(id)!.cluster))) return { delta, mcnemar: test, clusterBootstrap: null, decidedBy: 'mcnemar' as const, significant: test.pValue < 0.05 };
  const boot = pairedClusterBootstrap(ids.map((id) => ({ cluster: a.get(id)!.cluster, first: a.get(id)!.correct, second: b.get(id)!.correct })));
  const clusterBootstrap = { ...boot, low: 100 * boot.low, high: 100 * boot.high };
  return { delta, mcnemar: test, clusterBootstrap, decidedBy: 'cluster-bootstrap' as const, significant: boot.pValue < 0.05 };
}

/** Two or more runs on the questions they share: accuracy, McNemar for each pair, and the questions they disagree on. */
export function compareRuns(asRun: readonly LoadedRun[], offset: number, limit: number): Comparison {
  const { runs, basis, note } = alignPasses(asRun);
  const { ids, maps } = commonQuestions(runs);
  const pairs: Comparison['pairs'] = [];
  for (let a = 0; a < runs.length; a++) {
    for (let b = a + 1; b < runs.length; b++) {
      pairs.push({ first: runs[a]!.id, second: runs[b]!.id, ...comparePair(ids, maps[a]!, maps[b]!) });
    }
  }
  const disagreeing = ids.filter((id) => {
    const first = maps[0]!.get(id)!.correct;
    return maps.some((m) => m.get(id)!.correct !== first);
  });
  return {
    runs: runs.map((r, i) => ({ id: r.id, name: r.name, model: r.model, accuracy: cellOf(ids, maps[i]!) })),
    common: ids.length,
    basis,
    note,
    pairs,
    disagreements: {
      total: disagreeing.length,
      rows: disagreeing.slice(offset, offset + limit).map((id) => {
        const q = maps[0]!.get(id)!;
        return {
          questionId: id, itemId: q.itemId, role: q.role, text: q.text, gold: q.gold,
          answers: runs.map((r, i) => {
            const mine = maps[i]!.get(id)!;
            return { runId: r.id, label: shownAnswer(mine), correct: mine.correct };
          }),
        };
      }),
    },
  };
}

/** MMStar's seeing-or-not on the questions the runs share: S_v, S_wv, optionally S_t, and MG / ML in points. */
export function seeingOrNot(withImages: LoadedRun, withoutImages: LoadedRun, textOnly: LoadedRun | null): Seeing {
  const { runs, basis, note } = alignPasses(textOnly ? [withImages, withoutImages, textOnly] : [withImages, withoutImages]);
  const { ids, maps } = commonQuestions(runs);
  const sv = cellOf(ids, maps[0]!);
  const swv = cellOf(ids, maps[1]!);
  const st = textOnly ? cellOf(ids, maps[2]!) : null;
  return { common: ids.length, basis, note, sv, swv, st, mg: multimodalGain(sv.accuracy, swv.accuracy), ml: st ? multimodalLeakage(swv.accuracy, st.accuracy) : null };
}
