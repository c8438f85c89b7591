import type { AccuracyCellData, Comparison, Seeing } from '@shared/contract';
import { accuracyBy, accuracyCell } from '@shared/scoring/accuracy';
import { withClusterIntervals } from '@shared/scoring/cluster-accuracy';
import { pairedClusterBootstrap } from '@shared/scoring/cluster-bootstrap';
import { mcnemarOf } from '@shared/scoring/intervals';
import { multimodalGain, multimodalLeakage } from '@shared/scoring/seeing';
import { AppError } from '../errors';
import { clusterKey, shownAnswer, type ScoredQuestion } from './load';
import { CORRECT, FIRST_CORRECT, FIRST_SCORED, SCORED, type OutcomeVector } from './summary-vector';

/** A run as a comparison reads it: its stored per-question outcome vector, not its prediction rows (issue 20). */
export interface LoadedRun {
  id: number;
  name: string;
  model: string;
  /** Asked under CircularEval: a question is right only when every rotated pass is. */
  circular: boolean;
  outcomes: OutcomeVector;
}

/** The rows of a page of questions of run `runIndex`, read from its predictions (only the page is read). */
export type DetailLoader = (runIndex: number, questionIds: readonly number[]) => ScoredQuestion[];

type Basis = Comparison['basis'];

/** Which outcome bits say "scored" and "right" for a run on this comparison's basis. */
interface Reading { scored: number; correct: number; firstPass: boolean }

const ALL_PASSES: Reading = { scored: SCORED, correct: CORRECT, firstPass: false };
// The options in their original order, as a single-pass run asks them.
const FIRST_PASS: Reading = { scored: FIRST_SCORED, correct: FIRST_CORRECT, firstPass: true };

/**
 * CircularEval and single-pass accuracies are different measures (a circular question needs every rotation right), so
 * a comparison that mixes them is made on the first pass of every run and says so (METHODS §5).
 */
export function alignPasses(runs: readonly LoadedRun[]): { readings: Reading[]; basis: Basis; note: string | null } {
  const circular = runs.filter((r) => r.circular);
  if (circular.length === 0) return { readings: runs.map(() => ALL_PASSES), basis: 'single-pass', note: null };
  if (circular.length === runs.length) return { readings: runs.map(() => ALL_PASSES), basis: 'circular', note: null };
  const ids = circular.map((r) => `#${r.id}`).join(', ');
  return {
    readings: runs.map((r) => (r.circular ? FIRST_PASS : ALL_PASSES)),
    basis: 'first-pass',
    note: `run${circular.length > 1 ? 's' : ''} ${ids} used CircularEval and the others did not: every run is compared on its first pass alone (the options in their original order), not on CircularEval accuracy`,
  };
}

/** A run read on its first pass alone, for the rows a page shows. */
function firstPassOnly(q: ScoredQuestion): ScoredQuestion {
  const first = q.passes.find((p) => p.pass === 0);
  const scored = first?.state === 'answered';
  return { ...q, passes: first ? [first] : [], scored, correct: scored && first.correct };
}

/** Questions every run has scored, in the first run's order: their ids, and for each run whether it got each right. */
interface Common { ids: Int32Array; right: Uint8Array[]; clusters: string[] | null }

const sameQuestions = (a: Int32Array, b: Int32Array) => a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/**
 * Where each of run 0's questions sits in a run: null when the runs asked the same questions in the same order (the
 * usual case, checked with one byte comparison), else each position (−1: not asked).
 */
function positionsIn(first: Int32Array, run: Int32Array): Int32Array | null {
  if (sameQuestions(first, run)) return null;
  const at = new Map<number, number>();
  for (let i = 0; i < run.length; i++) at.set(run[i]!, i);
  const where = new Int32Array(first.length);
  for (let i = 0; i < first.length; i++) where[i] = at.get(first[i]!) ?? -1;
  return where;
}

/** True when two of the questions share a cluster item: the same test as hasClusters on their names, on numbers. */
function sharesClusters(items: Int32Array, keep: Int32Array): boolean {
  const picked = new Int32Array(keep.length);
  for (let n = 0; n < keep.length; n++) picked[n] = items[keep[n]!]!;
  picked.sort();
  for (let i = 1; i < picked.length; i++) if (picked[i] === picked[i - 1]) return true;
  return false;
}

// Plain loops over typed arrays: comparisons of 8 runs × 20,000 questions must cost about as much as one report.
function commonQuestions(runs: readonly LoadedRun[], readings: readonly Reading[]): Common {
  const first = runs[0]!.outcomes;
  const where = runs.map((r) => positionsIn(first.ids, r.outcomes.ids));
  const at = (r: number, i: number) => where[r]?.[i] ?? i;
  const all = new Int32Array(first.ids.length);
  let count = 0;
  for (let i = 0; i < first.ids.length; i++) {
    let ok = true;
    for (let r = 0; r < runs.length && ok; r++) {
      const j = at(r, i);
      ok = j >= 0 && (runs[r]!.outcomes.bits[j]! & readings[r]!.scored) !== 0;
    }
    if (ok) all[count++] = i;
  }
  const keep = all.subarray(0, count);
  if (keep.length === 0) {
    throw new AppError('invalid_input', `runs ${runs.map((r) => r.id).join(', ')} have no scored question in common; compare runs over the same dataset`);
  }
  const ids = new Int32Array(keep.length);
  for (let n = 0; n < keep.length; n++) ids[n] = first.ids[keep[n]!]!;
  const right = runs.map((r, k) => {
    const out = new Uint8Array(keep.length);
    const { bits } = r.outcomes;
    const mask = readings[k]!.correct;
    for (let n = 0; n < keep.length; n++) out[n] = (bits[at(k, keep[n]!)]! & mask) !== 0 ? 1 : 0;
    return out;
  });
  // Clusters as the first run names them; named only when some cluster holds more than one question.
  const clusters = sharesClusters(first.clusters, keep) ? Array.from(keep, (i) => clusterKey(first.clusters[i]!)) : null;
  return { ids, right, clusters };
}

/** A run's accuracy on the common questions: Wilson, and the cluster bootstrap when questions are clustered. */
function cellOf(common: Common, right: Uint8Array): AccuracyCellData {
  if (common.clusters === null) {
    let correct = 0;
    for (let i = 0; i < right.length; i++) correct += right[i]!;
    return accuracyCell(correct, right.length);
  }
  const clusters = common.clusters;
  const predictions = Array.from(right, (v, i) => ({ correct: v === 1, groups: {}, cluster: clusters[i]! }));
  return withClusterIntervals(accuracyBy(predictions, []), predictions, []).overall;
}

/**
 * One pair of runs: McNemar always; when questions are clustered, the paired cluster bootstrap too, and it decides
 * significance, since McNemar counts a triplet's three questions as three independent pieces of evidence.
 */
function comparePair(common: Common, a: Uint8Array, b: Uint8Array) {
  let onlyFirst = 0;
  let onlySecond = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i]! > b[i]!) onlyFirst++;
    else if (a[i]! < b[i]!) onlySecond++;
  }
  const test = mcnemarOf(onlyFirst, onlySecond);
  const delta = (100 * (test.onlyFirst - test.onlySecond)) / a.length;
  const clusters = common.clusters;
  if (clusters === null) return { delta, mcnemar: test, clusterBootstrap: null, decidedBy: 'mcnemar' as const, significant: test.pValue < 0.05 };
  const boot = pairedClusterBootstrap(Array.from(a, (v, i) => ({ cluster: clusters[i]!, first: v === 1, second: b[i] === 1 })));
  const clusterBootstrap = { ...boot, low: 100 * boot.low, high: 100 * boot.high };
  return { delta, mcnemar: test, clusterBootstrap, decidedBy: 'cluster-bootstrap' as const, significant: boot.pValue < 0.05 };
}

/** The page of disagreements, its rows read from predictions for those questions only. */
function disagreementRows(runs: readonly LoadedRun[], readings: readonly Reading[], page: readonly number[], details: DetailLoader) {
  const maps = runs.map((_, i) => new Map(details(i, page).map((q) => [q.questionId, readings[i]!.firstPass ? firstPassOnly(q) : q])));
  return page.map((id) => {
    const q = maps[0]!.get(id)!;
    return {
      questionId: id, itemId: q.itemId, role: q.role, text: q.text, gold: q.gold,
      answers: runs.map((r, i) => {
        const mine = maps[i]!.get(id)!;
        return { runId: r.id, label: shownAnswer(mine), correct: mine.correct };
      }),
    };
  });
}

/** Two or more runs on the questions they share: accuracy, McNemar for each pair, and the questions they disagree on. */
export function compareRuns(runs: readonly LoadedRun[], details: DetailLoader, offset: number, limit: number): Comparison {
  const { readings, basis, note } = alignPasses(runs);
  const common = commonQuestions(runs, readings);
  const pairs: Comparison['pairs'] = [];
  for (let a = 0; a < runs.length; a++) {
    for (let b = a + 1; b < runs.length; b++) pairs.push({ first: runs[a]!.id, second: runs[b]!.id, ...comparePair(common, common.right[a]!, common.right[b]!) });
  }
  const disagreeing: number[] = [];
  const base = common.right[0]!;
  for (let i = 0; i < base.length; i++) {
    for (let r = 1; r < common.right.length; r++) {
      if (common.right[r]![i] !== base[i]) {
        disagreeing.push(common.ids[i]!);
        break;
      }
    }
  }
  return {
    runs: runs.map((r, i) => ({ id: r.id, name: r.name, model: r.model, accuracy: cellOf(common, common.right[i]!) })),
    common: common.ids.length,
    basis,
    note,
    pairs,
    disagreements: { total: disagreeing.length, rows: disagreementRows(runs, readings, disagreeing.slice(offset, offset + limit), details) },
  };
}

/** MMStar's seeing-or-not on the questions the runs share: S_v, S_wv, optionally S_t, and MG / ML in points. */
export function seeingOrNot(withImages: LoadedRun, withoutImages: LoadedRun, textOnly: LoadedRun | null): Seeing {
  const runs = textOnly ? [withImages, withoutImages, textOnly] : [withImages, withoutImages];
  const { readings, basis, note } = alignPasses(runs);
  const common = commonQuestions(runs, readings);
  const sv = cellOf(common, common.right[0]!);
  const swv = cellOf(common, common.right[1]!);
  const st = textOnly ? cellOf(common, common.right[2]!) : null;
  return { common: common.ids.length, basis, note, sv, swv, st, mg: multimodalGain(sv.accuracy, swv.accuracy), ml: st ? multimodalLeakage(swv.accuracy, st.accuracy) : null };
}
