import { describe, expect, it } from 'vitest';
import { CHUNK, encodeComparison, MASK, maskOf, positionsReader, readChunk } from './comparison-parts';
import type { ScoredPass, ScoredQuestion } from './load';
import { positionsOf } from './outcome-bits';

/** Question `i` of a CircularEval-like run: 1 to 4 passes, stored out of pass order, some wrong, one unanswered. */
function question(i: number): ScoredQuestion {
  const passes: ScoredPass[] = Array.from({ length: 1 + (i % 4) }, (_, k) => ({
    pass: (i % 4) - k, state: i % 97 === 0 ? 'error' : 'answered', correct: (i + k) % 3 !== 0,
    label: i % 50 === 0 ? `free text ${i}` : 'ABCD'[(i + k) % 4]!, extraction: 'exact', corrected: false,
  }));
  const scored = passes.every((p) => p.state === 'answered');
  return {
    questionId: 10_000 + 7 * i, itemId: i, extId: `q${i}`, role: 'origin', text: `Q${i}`, gold: 'A', flag: null, passes, scored,
    correct: scored && passes.every((p) => p.correct), groups: {}, cluster: `item:${i}`, clusterItem: i,
  };
}

describe('the parts a comparison reads', () => {
  const questions = Array.from({ length: 2 * CHUNK + 500 }, (_, i) => question(i));
  const parts = encodeComparison(questions);

  it('reads back each position’s question and shown answer, across chunk edges and on both readings', () => {
    expect(parts.chunks.map((c) => c.chunk)).toEqual([0, 1, 2]);
    const reader = positionsReader((n) => readChunk(parts.chunks[n]!.ids, parts.chunks[n]!.shown, parts.chunks[n]!.shownLabels));
    for (const i of [0, 1, 50, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, questions.length - 1]) {
      const q = questions[i]!;
      const lowest = q.passes.find((p) => p.pass === 0)!;
      expect(reader.questionAt(i)).toBe(q.questionId);
      expect(reader.shown(i, true)).toBe(lowest.label);
      const several = q.passes.length > 1 ? ` · ${q.passes.filter((p) => p.correct).length}/${q.passes.length} passes` : '';
      expect(reader.shown(i, false)).toBe(`${lowest.label}${several}`);
    }
  });

  it('keeps scored and right questions as masks, on every pass and on the first', () => {
    const stored = (b: Buffer) => new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
    const masks = Uint32Array.from([...stored(parts.masks), ...stored(parts.firstMasks ?? parts.masks)]);
    const positions = (keep: (q: ScoredQuestion) => boolean) => questions.flatMap((q, i) => (keep(q) ? [i] : []));
    const first = (q: ScoredQuestion) => q.passes.find((p) => p.pass === 0)!;
    expect(positionsOf(maskOf(masks, MASK.scored))).toEqual(positions((q) => q.scored));
    expect(positionsOf(maskOf(masks, MASK.right))).toEqual(positions((q) => q.correct));
    expect(positionsOf(maskOf(masks, MASK.firstScored))).toEqual(positions((q) => first(q).state === 'answered'));
    expect(positionsOf(maskOf(masks, MASK.firstRight))).toEqual(positions((q) => first(q).state === 'answered' && first(q).correct));
    expect(parts.clustersRepeat).toBe(false);
    // A single-pass run stores one pair of masks: its first pass is every pass.
    const single = encodeComparison(questions.filter((q) => q.passes.length === 1));
    expect(single.firstMasks).toBeNull();
    expect(encodeComparison([question(1), { ...question(2), clusterItem: 1 }]).clustersRepeat).toBe(true);
  });
});
