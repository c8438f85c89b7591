/** Percent agreement and Cohen's kappa between two raters over the same items. */
export interface Agreement {
  n: number;
  /** Share of items both raters labelled alike, 0–1; null with no items. */
  percent: number | null;
  /**
   * (p_o − p_e) / (1 − p_e), p_e from each rater's own label frequencies. Null when undefined: no items, or both
   * raters used one and the same label throughout (p_e = 1).
   */
  kappa: number | null;
}

export function cohenKappa<T>(pairs: readonly (readonly [T, T])[]): Agreement {
  const n = pairs.length;
  if (n === 0) return { n, percent: null, kappa: null };
  const a = new Map<T, number>();
  const b = new Map<T, number>();
  let agree = 0;
  for (const [x, y] of pairs) {
    if (x === y) agree++;
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [label, count] of a) pe += (count / n) * ((b.get(label) ?? 0) / n);
  return { n, percent: po, kappa: pe >= 1 ? null : (po - pe) / (1 - pe) };
}
