/**
 * Sets of questions as bit masks, one bit a question in the first compared run's order: a comparison of 8 runs ×
 * 20,000 questions becomes a few thousand word operations (issue 20: compare within 3× one stored report).
 */
export type Mask = Uint32Array;

export const maskFor = (questions: number): Mask => new Uint32Array(Math.ceil(questions / 32));

/** Bits set in a 32-bit word (Hamming weight, the usual SWAR steps). */
function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function countOf(mask: Mask): number {
  let n = 0;
  for (let w = 0; w < mask.length; w++) n += bitsIn(mask[w]!);
  return n;
}

/** Questions in `a` and not in `b`. */
export function countOnly(a: Mask, b: Mask): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += bitsIn(a[w]! & ~b[w]!);
  return n;
}

/**
 * Two masks of a run's questions from its outcome bits, read in the first run's order (`where[i]` is question i's
 * position in this run, −1 when the run did not ask it; null when both runs asked the same questions in the same order).
 */
export function masksOf(bits: Uint8Array, where: Int32Array | null, questions: number, scoredBit: number, rightBit: number) {
  const scored = maskFor(questions);
  const right = maskFor(questions);
  for (let i = 0; i < questions; i++) {
    const j = where === null ? i : where[i]!;
    if (j < 0) continue;
    const b = bits[j]!;
    const w = i >>> 5;
    if ((b & scoredBit) !== 0) scored[w] = scored[w]! | (1 << (i & 31));
    if ((b & rightBit) !== 0) right[w] = right[w]! | (1 << (i & 31));
  }
  return { scored, right };
}

/** Positions of the set bits, skipping the first `skip` and keeping at most `take`. */
export function positionsOf(mask: Mask, skip = 0, take = Infinity): number[] {
  const out: number[] = [];
  let seen = 0;
  for (let w = 0; w < mask.length && out.length < take; w++) {
    let word = mask[w]!;
    while (word !== 0 && out.length < take) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      if (seen++ >= skip) out.push(w * 32 + bit);
    }
  }
  return out;
}
