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

/** Questions in both `a` and `b`: with each mask's own count, McNemar's two discordant counts in one pass of one word. */
export function countBoth(a: Mask, b: Mask): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += bitsIn(a[w]! & b[w]!);
  return n;
}

/**
 * A run's mask read in the first run's order: `where[i]` is the first run's question i's position in this run, −1
 * when the run did not ask it (the runs asked other questions, or in another order).
 */
export function gatherMask(mask: Mask, where: Int32Array, words: number): Mask {
  const out = new Uint32Array(words);
  for (let i = 0; i < where.length; i++) {
    const j = where[i]!;
    if (j >= 0 && ((mask[j >>> 5]! >>> (j & 31)) & 1) === 1) out[i >>> 5] = out[i >>> 5]! | (1 << (i & 31));
  }
  return out;
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
