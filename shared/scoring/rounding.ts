/**
 * Rounds as Python's `round(x, digits)` does — to the nearest, ties to even, judged on the double's exact value —
 * because the published scorers are Python and "exactly" means their rounding.
 */
export function pyRound(x: number, digits = 2): number {
  // Whole numbers round to themselves: the common case, and the exact-digits check below is the costly part.
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  // toFixed(digits) already rounds the double's exact value to the nearest; only a tie (which it breaks away from
  // zero) needs the exact digits below, and a value far from a tie is told apart cheaply (a reply can hold thousands).
  const scaled = Math.abs(x) * 10 ** digits;
  if (scaled < 1e12 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return Number(x.toFixed(digits));
  // toFixed works on the double's exact value, so 30 further digits show whether x is a true decimal tie
  // (17.125 is; 2.675 is really 2.67499999…, which Python rounds down).
  const exact = x.toFixed(digits + 30);
  const tail = exact.slice(exact.length - 30);
  if (/^50+$/.test(tail)) {
    const scale = 10 ** digits;
    const floor = Math.floor(Math.abs(x) * scale);
    const even = floor % 2 === 0 ? floor : floor + 1;
    return (Math.sign(x) * even) / scale;
  }
  return Number(x.toFixed(digits));
}
