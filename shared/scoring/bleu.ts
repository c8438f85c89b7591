/**
 * Sentence BLEU-4 as NLTK's `sentence_bleu` computes it with uniform weights and smoothing method 1 (ε = 0.1 added to
 * zero-count precisions), so a short exact match is not scored ≈ 0. Tokens are whitespace-separated.
 */
export function bleu4(reference: string, hypothesis: string): number {
  const ref = reference.trim().split(/\s+/).filter(Boolean);
  const hyp = hypothesis.trim().split(/\s+/).filter(Boolean);
  if (hyp.length === 0) return 0;
  const precisions: { num: number; den: number }[] = [];
  for (let n = 1; n <= 4; n++) {
    const refCounts = ngrams(ref, n);
    const hypCounts = ngrams(hyp, n);
    let num = 0;
    let den = 0;
    for (const [gram, count] of hypCounts) {
      num += Math.min(count, refCounts.get(gram) ?? 0);
      den += count;
    }
    precisions.push({ num, den: Math.max(1, den) });
  }
  // NLTK returns 0 when not even one unigram matches.
  if (precisions[0]!.num === 0) return 0;
  const logSum = precisions.reduce((s, p) => s + Math.log(p.num === 0 ? 0.1 / p.den : p.num / p.den), 0);
  const c = hyp.length;
  const r = ref.length;
  const brevity = c > r ? 1 : Math.exp(1 - r / c);
  return brevity * Math.exp(logSum / 4);
}

function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join('\u0000');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** VRPTest's rule for LatexTab-style code answers. */
export const BLEU_CORRECT = 0.8;
