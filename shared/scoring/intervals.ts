/** 95% Wilson score interval for a proportion; sensible at 0 and n, unlike the normal approximation. */
export function wilson(correct: number, n: number, z = 1.959963984540054): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 0 };
  const p = correct / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At 0 or n the bound is exactly 0 or 1; floating point would leave 0.9999999999999999.
  return { low: correct === 0 ? 0 : Math.max(0, centre - half), high: correct === n ? 1 : Math.min(1, centre + half) };
}

/** Complementary error function (Numerical Recipes' erfcc, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

function binomialTwoSided(k: number, n: number): number {
  // P(X ≤ k) for X ~ Bin(n, 1/2), doubled; k is the smaller discordant count.
  let term = 0.5 ** n;
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= (n - i + 1) / i;
    sum += term;
  }
  return Math.min(1, 2 * sum);
}

export interface McNemar {
  /** Questions the first run got right and the second wrong. */
  onlyFirst: number;
  /** Questions the second run got right and the first wrong. */
  onlySecond: number;
  pValue: number;
  method: 'exact' | 'chi-square';
}

/**
 * McNemar's test for two runs on the same questions: exact binomial when fewer than 25 questions disagree,
 * otherwise chi-square with continuity correction. `pairs` are (first right, second right) per question.
 */
export function mcnemar(pairs: Iterable<readonly [boolean, boolean]>): McNemar {
  let b = 0;
  let c = 0;
  for (const [first, second] of pairs) {
    if (first && !second) b++;
    else if (!first && second) c++;
  }
  return mcnemarOf(b, c);
}

/** McNemar's test from its discordant counts: b questions right only for the first run, c only for the second. */
export function mcnemarOf(b: number, c: number): McNemar {
  const n = b + c;
  if (n === 0) return { onlyFirst: 0, onlySecond: 0, pValue: 1, method: 'exact' };
  if (n < 25) return { onlyFirst: b, onlySecond: c, pValue: binomialTwoSided(Math.min(b, c), n), method: 'exact' };
  const statistic = (Math.abs(b - c) - 1) ** 2 / n;
  // statsmodels' chi2.sf(statistic, 1) never exceeds 1; erfc's approximation does by 3e-8 at 0 (b and c one apart).
  return { onlyFirst: b, onlySecond: c, pValue: Math.min(1, Math.max(0, erfc(Math.sqrt(statistic / 2)))), method: 'chi-square' };
}
