import type { OptimizeParams } from './params';

/** c = α·a + (1−α)·s: accuracy on D_few traded against similarity to p0. */
export function combinedScore(accuracy: number, similarity: number, alpha: number): number {
  return alpha * accuracy + (1 - alpha) * similarity;
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}{}_']+/gu) ?? [];
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`embeddings of different lengths (${a.length} and ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * The fallback when no embeddings endpoint is configured: cosine of word-count vectors. It measures shared wording,
 * not meaning — a paraphrase scores low — so it is always labelled "lexical" wherever it is shown.
 */
export function lexicalSimilarity(a: string, b: string): number {
  const count = (ws: string[]) => ws.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>());
  const ca = count(words(a));
  const cb = count(words(b));
  const vocab = [...new Set([...ca.keys(), ...cb.keys()])];
  return cosine(vocab.map((w) => ca.get(w) ?? 0), vocab.map((w) => cb.get(w) ?? 0));
}

/** Word-level Levenshtein distance: how many words were inserted, deleted or replaced. */
export function wordEditDistance(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[y.length]!;
}

/** The decaying "edit at most {counter} words" of round r (1-based): p0's length times decay^(r−1), at least the floor. */
export function editBudget(round: number, p0: string, params: Pick<OptimizeParams, 'budgetDecay' | 'minBudget'>): number {
  const start = Math.max(params.minBudget, words(p0).length);
  return Math.max(params.minBudget, Math.round(start * params.budgetDecay ** (round - 1)));
}

export interface Scored {
  id: number;
  accuracy: number;
  similarity: number;
}

/** Candidates by c with the given α, best first; ties go to the earlier candidate (closer to p0 in the search). */
export function rankBy<T extends Scored>(candidates: readonly T[], alpha: number): T[] {
  return [...candidates].sort((a, b) => combinedScore(b.accuracy, b.similarity, alpha) - combinedScore(a.accuracy, a.similarity, alpha) || a.id - b.id);
}
