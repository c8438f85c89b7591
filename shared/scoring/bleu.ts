// Python's str.isspace() characters: JavaScript's \s leaves out U+001C–U+001F and U+0085 and adds U+FEFF.
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
  0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Python's `str.split()`: the tokens an NLTK BLEU set-up gets from `reference.split()`. */
export function pySplit(text: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || PY_WHITESPACE.has(text.charCodeAt(i));
    if (space && start >= 0) {
      tokens.push(text.slice(start, i));
      start = -1;
    } else if (!space && start < 0) start = i;
  }
  return tokens;
}

/**
 * Sentence BLEU-4 as NLTK's `sentence_bleu([reference.split()], hypothesis.split(), smoothing_function=
 * SmoothingFunction().method1)` computes it (METHODS §5): uniform weights, brevity penalty, ε = 0.1 added to
 * zero-count precisions so a short exact match is not scored ≈ 0. test/fixtures/conformance/latextab pins it to NLTK.
 */
export function bleu4(reference: string, hypothesis: string): number {
  const ref = pySplit(reference);
  const hyp = pySplit(hypothesis);
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
