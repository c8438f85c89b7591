import type { AccuracyCellData, Comparison, Seeing } from '@shared/contract';
import { accuracyBy, accuracyCell } from '@shared/scoring/accuracy';
import { withClusterIntervals } from '@shared/scoring/cluster-accuracy';
import { pairedClusterBootstrap } from '@shared/scoring/cluster-bootstrap';
import { mcnemarOf } from '@shared/scoring/intervals';
import { multimodalGain, multimodalLeakage } from '@shared/scoring/seeing';
import { AppError } from '../errors';
import { MASK } from './comparison-parts';
import { clusterKey, type PageQuestion } from './load';
import { countBoth, countOf, gatherMask, maskFor, positionsOf, type Mask } from './outcome-bits';

/**
 * A run as a comparison reads it: its stored outcome masks, not its prediction rows (issue 20), and the rest of its
 * stored comparison parts only where needed (reports/comparison-parts.ts): every question id of a run that asked other
 * questions, the clusters when some cluster holds two questions, and for a page the ids and shown answers it shows.
 */
export interface LoadedRun {
  id: number;
  /** The revision of the stored summary its parts were read from (migration 0015); null when worked out just now. */
  revision: number | null;
  name: string;
  model: string;
  /** Asked under CircularEval: a question is right only when every rotated pass is. */
  circular: boolean;
  /** Words in each of its masks: bit i of a mask is the run's question at position i. */
  words: number;
  /** One of its four masks (comparison-parts' MASK): a stored view, read on first use; callers copy to change it. */
  mask(which: number): Uint32Array;
  /** Equal for two runs that asked the same questions in the same order. */
  questionSet: string;
  /** Two of the run's questions share a cluster (a triplet, a VRP source and its variants). */
  clustersRepeat: boolean;
  /** Every question id in run order: read only when the runs asked other questions or in another order. */
  ids(): Int32Array;
  clusters(): Int32Array;
  /** The question at a position, and the answer shown for it on every pass's reading or on the first pass's. */
  questionAt(position: number): number;
  shown(position: number, firstPass: boolean): string | null;
}

/** A page of questions' text, read for those questions only. */
export type PageLoader = (questionIds: readonly number[]) => ReadonlyMap<number, PageQuestion>;

type Basis = Comparison['basis'];

/** Which outcome masks say "scored" and "right" for a run on this comparison's basis. */
interface Reading { scored: number; right: number; firstPass: boolean }

const ALL_PASSES: Reading = { scored: MASK.scored, right: MASK.right, firstPass: false };
// The options in their original order, as a single-pass run asks them.
const FIRST_PASS: Reading = { scored: MASK.firstScored, right: MASK.firstRight, firstPass: true };

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

/** Questions every run has scored, as masks over the first run's questions (bit i is its question at position i). */
interface Common {
  count: number;
  words: number;
  /** Per run: where each of the first run's questions sits in it (null: the same questions in the same order). */
  positions: (Int32Array | null)[];
  /** Per run: the common questions it got right, and how many. */
  right: Mask[];
  rightCount: number[];
  /** Only when some cluster holds two common questions: per common question, each run's 0/1 and the cluster's name. */
  clustered: { right: Uint8Array[]; clusters: string[] } | null;
}

/**
 * Where each of run 0's questions sits in a run: null when the runs asked the same questions in the same order (the
 * usual case, known from their question sets without reading ids), else each position (−1: not asked).
 */
function positionsIn(first: LoadedRun, other: LoadedRun): Int32Array | null {
  if (other.questionSet === first.questionSet) return null;
  const run = other.ids();
  const at = new Map<number, number>();
  for (let i = 0; i < run.length; i++) at.set(run[i]!, i);
  const ids = first.ids();
  const where = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) where[i] = at.get(ids[i]!) ?? -1;
  return where;
}

/** True when two of the kept questions share a cluster item: one pass over a bitmap of the items' id range. */
function sharesClusters(items: Int32Array, keep: readonly number[]): boolean {
  let low = Infinity;
  let high = -Infinity;
  for (const i of keep) {
    low = Math.min(low, items[i]!);
    high = Math.max(high, items[i]!);
  }
  const seen = maskFor(high - low + 1);
  for (const i of keep) {
    const at = items[i]! - low;
    const bit = 1 << (at & 31);
    if ((seen[at >>> 5]! & bit) !== 0) return true;
    seen[at >>> 5] = seen[at >>> 5]! | bit;
  }
  return false;
}

/** Each run's 0/1 per common question and the clusters, for the cluster bootstrap; null when no cluster repeats. */
function clusteredOf(first: LoadedRun, common: Mask, right: readonly Mask[]): Common['clustered'] {
  if (!first.clustersRepeat) return null;
  const clusters = first.clusters();
  const keep = positionsOf(common);
  if (!sharesClusters(clusters, keep)) return null;
  return {
    clusters: keep.map((i) => clusterKey(clusters[i]!)),
    right: right.map((m) => Uint8Array.from(keep, (i) => (m[i >>> 5]! >>> (i & 31)) & 1)),
  };
}

/** One of a run's masks over the first run's questions: a copy of its own, or gathered when it asked others. */
const maskIn = (run: LoadedRun, which: number, where: Int32Array | null, words: number): Mask =>
  where === null ? run.mask(which) : gatherMask(run.mask(which), where, words);

function commonQuestions(runs: readonly LoadedRun[], readings: readonly Reading[]): Common {
  const words = runs[0]!.words;
  const positions = runs.map((r) => positionsIn(runs[0]!, r));
  // The one mask changed in place: a copy.
  const common = maskIn(runs[0]!, readings[0]!.scored, null, words).slice();
  for (let k = 1; k < runs.length; k++) {
    const scored = maskIn(runs[k]!, readings[k]!.scored, positions[k]!, words);
    for (let w = 0; w < words; w++) common[w] = common[w]! & scored[w]!;
  }
  const count = countOf(common);
  if (count === 0) {
    throw new AppError('invalid_input', `runs ${runs.map((r) => r.id).join(', ')} have no scored question in common; compare runs over the same dataset`);
  }
  const right = runs.map((r, k) => {
    const mask = maskIn(r, readings[k]!.right, positions[k]!, words);
    const out = new Uint32Array(words);
    for (let w = 0; w < words; w++) out[w] = mask[w]! & common[w]!;
    return out;
  });
  // Clusters as the first run names them.
  return { count, words, positions, right, rightCount: right.map(countOf), clustered: clusteredOf(runs[0]!, common, right) };
}

/** A run's accuracy on the common questions: Wilson, and the cluster bootstrap when questions are clustered. */
function cellOf(common: Common, run: number): AccuracyCellData {
  if (common.clustered === null) return accuracyCell(common.rightCount[run]!, common.count);
  const { clusters, right } = common.clustered;
  const predictions = Array.from(right[run]!, (v, i) => ({ correct: v === 1, groups: {}, cluster: clusters[i]! }));
  return withClusterIntervals(accuracyBy(predictions, []), predictions, []).overall;
}

/**
 * One pair of runs: McNemar always; when questions are clustered, the paired cluster bootstrap too, and it decides
 * significance, since McNemar counts a triplet's three questions as three independent pieces of evidence.
 */
function comparePair(common: Common, a: number, b: number) {
  const both = countBoth(common.right[a]!, common.right[b]!);
  const test = mcnemarOf(common.rightCount[a]! - both, common.rightCount[b]! - both);
  const delta = (100 * (test.onlyFirst - test.onlySecond)) / common.count;
  if (common.clustered === null) return { delta, mcnemar: test, clusterBootstrap: null, decidedBy: 'mcnemar' as const, significant: test.pValue < 0.05 };
  const { clusters, right } = common.clustered;
  const boot = pairedClusterBootstrap(Array.from(right[a]!, (v, i) => ({ cluster: clusters[i]!, first: v === 1, second: right[b]![i] === 1 })));
  const clusterBootstrap = { ...boot, low: 100 * boot.low, high: 100 * boot.high };
  return { delta, mcnemar: test, clusterBootstrap, decidedBy: 'cluster-bootstrap' as const, significant: boot.pValue < 0.05 };
}

/** The common questions on which some run is right and another wrong, as positions in the first run's order. */
function disagreeing(common: Common): Mask {
  const [base, ...others] = common.right;
  const differ = new Uint32Array(common.words);
  for (const m of others) for (let w = 0; w < differ.length; w++) differ[w] = differ[w]! | (m[w]! ^ base![w]!);
  return differ;
}

/** The page of disagreements: text from the questions, each run's shown answer from its stored comparison parts. */
function disagreementRows(runs: readonly LoadedRun[], readings: readonly Reading[], common: Common, page: readonly number[], load: PageLoader) {
  const ids = page.map((i) => runs[0]!.questionAt(i));
  const questions = load(ids);
  return page.map((i, n) => {
    const q = questions.get(ids[n]!)!;
    return {
      questionId: ids[n]!, itemId: q.itemId, role: q.role, text: q.text, gold: q.gold,
      answers: runs.map((r, k) => ({
        runId: r.id,
        label: r.shown(common.positions[k] === null ? i : common.positions[k]![i]!, readings[k]!.firstPass),
        correct: ((common.right[k]![i >>> 5]! >>> (i & 31)) & 1) === 1,
      })),
    };
  });
}

/**
 * What a comparison works out from its runs' stored parts alone, the same for every page and until one of their
 * summaries is written again (reports/compared-run.ts keeps it by their revisions): the common questions, each run's
 * accuracy on them, every pair's tests and which questions the runs disagree on.
 */
export interface ComparisonCore {
  readings: Reading[];
  basis: Basis;
  note: string | null;
  common: Common;
  accuracies: AccuracyCellData[];
  pairs: Omit<Comparison['pairs'][number], 'first' | 'second'>[];
  differ: Mask;
  disagreements: number;
}

export function comparisonCore(runs: readonly LoadedRun[]): ComparisonCore {
  const { readings, basis, note } = alignPasses(runs);
  const common = commonQuestions(runs, readings);
  const pairs: ComparisonCore['pairs'] = [];
  for (let a = 0; a < runs.length; a++) for (let b = a + 1; b < runs.length; b++) pairs.push(comparePair(common, a, b));
  const differ = disagreeing(common);
  const accuracies = runs.map((_, i) => cellOf(common, i));
  return { readings, basis, note, common, accuracies, pairs, differ, disagreements: countOf(differ) };
}

/** A comparison with one page of its disagreements: names from the runs as read now, figures from the core. */
export function comparisonPage(core: ComparisonCore, runs: readonly LoadedRun[], load: PageLoader, offset: number, limit: number): Comparison {
  const pairs: Comparison['pairs'] = [];
  let n = 0;
  for (let a = 0; a < runs.length; a++) for (let b = a + 1; b < runs.length; b++) pairs.push({ first: runs[a]!.id, second: runs[b]!.id, ...core.pairs[n++]! });
  const page = positionsOf(core.differ, offset, limit);
  return {
    runs: runs.map((r, i) => ({ id: r.id, name: r.name, model: r.model, accuracy: core.accuracies[i]! })),
    common: core.common.count,
    basis: core.basis,
    note: core.note,
    pairs,
    disagreements: { total: core.disagreements, rows: disagreementRows(runs, core.readings, core.common, page, load) },
  };
}

/** Two or more runs on the questions they share: accuracy, McNemar for each pair, and the questions they disagree on. */
export const compareRuns = (runs: readonly LoadedRun[], load: PageLoader, offset: number, limit: number): Comparison =>
  comparisonPage(comparisonCore(runs), runs, load, offset, limit);

/** MMStar's seeing-or-not on the questions the runs share: S_v, S_wv, optionally S_t, and MG / ML in points. */
export function seeingOrNot(withImages: LoadedRun, withoutImages: LoadedRun, textOnly: LoadedRun | null): Omit<Seeing, 'sources' | 'warnings'> {
  const runs = textOnly ? [withImages, withoutImages, textOnly] : [withImages, withoutImages];
  const { readings, basis, note } = alignPasses(runs);
  const common = commonQuestions(runs, readings);
  const sv = cellOf(common, 0);
  const swv = cellOf(common, 1);
  const st = textOnly ? cellOf(common, 2) : null;
  return { common: common.count, basis, note, sv, swv, st, mg: multimodalGain(sv.accuracy, swv.accuracy),
    ml: st ? multimodalLeakage(swv.accuracy, st.accuracy) : null };
}
