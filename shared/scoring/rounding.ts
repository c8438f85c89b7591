/**
 * Rounds as Python's `round(x, digits)` does — to the nearest, ties to even, judged on the double's exact value —
 * because the published scorers are Python and "exactly" means their rounding.
 */
export function pyRound(x: number, digits = 2): number {
  if (!Number.isFinite(x)) return x;
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
