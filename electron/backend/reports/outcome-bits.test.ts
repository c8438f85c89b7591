import { describe, expect, it } from 'vitest';
import { compareRuns, type LoadedRun } from './compare';
import { MASK, maskOf, masksOfBits } from './comparison-parts';
import { countBoth, countOf, countOnly, gatherMask, maskFor, positionsOf } from './outcome-bits';
import { CORRECT, FIRST_CORRECT, FIRST_SCORED, SCORED, questionSetOf } from './summary-vector';

/** A run over `ids` (in that order) whose outcome for question id q is `outcome(q)`: scored and right or wrong, or unscored. */
function run(id: number, ids: number[], outcome: (q: number) => 'right' | 'wrong' | 'error', clusterOf = (q: number) => 1000 + q, circular = false): LoadedRun {
  const bits = Uint8Array.from(ids, (q) => {
    const o = outcome(q);
    if (o === 'error') return 0;
    return o === 'right' ? SCORED | CORRECT | FIRST_SCORED | FIRST_CORRECT : SCORED | FIRST_SCORED;
  });
  const clusters = Int32Array.from(ids, clusterOf);
  const masks = masksOfBits(bits);
  return {
    id, revision: null, name: `run ${id}`, model: `m${id}`, circular, words: masks.length / 4, mask: (which) => maskOf(masks, which), questionSet: questionSetOf(Int32Array.from(ids)),
    clustersRepeat: new Set(clusters).size < clusters.length, ids: () => Int32Array.from(ids), clusters: () => clusters,
    questionAt: (position) => ids[position]!, shown: (position) => `${id}:${ids[position]}`,
  };
}

const noRows = (ids: readonly number[]) => new Map(ids.map((q) => [q, { itemId: q, role: 'origin' as const, text: `q${q}`, gold: 'A' }]));

describe('question sets as bit masks', () => {
  it('counts, differences and positions agree with a plain reading of the bits, across word edges', () => {
    const n = 100;
    const bits = Uint8Array.from({ length: n }, (_, i) => (i % 3 === 0 ? SCORED | CORRECT : i % 3 === 1 ? SCORED : 0));
    const masks = masksOfBits(bits);
    const [scored, right] = [maskOf(masks, MASK.scored), maskOf(masks, MASK.right)];
    expect(countOf(scored)).toBe(67);
    expect(countOf(right)).toBe(34);
    expect(countOnly(scored, right)).toBe(33);
    expect(countBoth(scored, right)).toBe(34);
    expect(positionsOf(right).slice(0, 4)).toEqual([0, 3, 6, 9]);
    expect(positionsOf(right, 10, 3)).toEqual([30, 33, 36]);
    expect(positionsOf(right, 33)).toEqual([99]);
    const high = maskFor(64);
    high[0] = 0x80000000;
    high[1] = 0xffffffff;
    expect([countOf(high), positionsOf(high, 0, 2)]).toEqual([33, [31, 32]]);
  });

  it('reads a run asked in another order through its positions, leaving out what it did not ask', () => {
    const bits = Uint8Array.from([SCORED | CORRECT, SCORED, SCORED | CORRECT]);
    const masks = masksOfBits(bits);
    const where = Int32Array.from([2, -1, 0, 1]);
    const [scored, right] = [gatherMask(maskOf(masks, MASK.scored), where, 1), gatherMask(maskOf(masks, MASK.right), where, 1)];
    expect([positionsOf(scored), positionsOf(right)]).toEqual([[0, 2, 3], [0, 2]]);
  });
});

describe('a comparison read from outcome vectors', () => {
  it('matches a question-by-question count when the runs ask different subsets in different orders', () => {
    const ids = Array.from({ length: 300 }, (_, i) => i + 1);
    const a = run(1, ids, (q) => (q % 7 === 0 ? 'error' : q % 2 === 0 ? 'right' : 'wrong'));
    const bIds = ids.filter((q) => q % 5 !== 0).reverse();
    const b = run(2, bIds, (q) => (q % 3 === 0 ? 'right' : 'wrong'));
    const c = run(3, ids, (q) => (q % 11 === 0 ? 'error' : 'right'));
    const cmp = compareRuns([a, b, c], noRows, 0, 0);
    // The same figures counted naively, one question at a time.
    const common = ids.filter((q) => q % 7 !== 0 && q % 5 !== 0 && q % 11 !== 0);
    const right = [(q: number) => q % 2 === 0, (q: number) => q % 3 === 0, () => true];
    expect(cmp.common).toBe(common.length);
    expect(cmp.runs.map((r) => r.accuracy.correct)).toEqual(right.map((f) => common.filter(f).length));
    const ab = cmp.pairs.find((p) => p.first === 1 && p.second === 2)!;
    expect([ab.mcnemar.onlyFirst, ab.mcnemar.onlySecond]).toEqual([common.filter((q) => right[0]!(q) && !right[1]!(q)).length,
      common.filter((q) => !right[0]!(q) && right[1]!(q)).length]);
    const differ = common.filter((q) => right.some((f) => f(q) !== right[0]!(q)));
    expect(cmp.disagreements.total).toBe(differ.length);
  });

  it('pages the disagreements in the first run’s order and marks each run’s answer right or wrong', () => {
    const ids = Array.from({ length: 80 }, (_, i) => i + 1);
    const a = run(1, ids, (q) => (q % 2 === 0 ? 'right' : 'wrong'));
    const b = run(2, ids, () => 'right');
    const page = compareRuns([a, b], noRows, 5, 3).disagreements;
    expect(page.total).toBe(40);
    expect(page.rows.map((r) => r.questionId)).toEqual([11, 13, 15]);
    expect(page.rows[0]!.answers).toEqual([{ runId: 1, label: '1:11', correct: false }, { runId: 2, label: '2:11', correct: true }]);
  });

  it('uses the cluster bootstrap only when two common questions share a cluster', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const a = run(1, ids, (q) => (q % 4 === 0 ? 'wrong' : 'right'), (q) => Math.ceil(q / 3));
    const b = run(2, ids, (q) => (q % 2 === 0 ? 'wrong' : 'right'), (q) => Math.ceil(q / 3));
    expect(compareRuns([a, b], noRows, 0, 0).pairs[0]!.decidedBy).toBe('cluster-bootstrap');
    const alone = [run(1, ids, (q) => (q % 4 === 0 ? 'wrong' : 'right')), run(2, ids, (q) => (q % 2 === 0 ? 'wrong' : 'right'))];
    expect(compareRuns(alone, noRows, 0, 0).pairs[0]!.decidedBy).toBe('mcnemar');
  });
});
