/**
 * Cluster bootstrap intervals (METHODS §5): the three questions of a triplet, or the VRP variants of one original, are
 * not independent, so clusters rather than questions are resampled (Field & Welsh 2007; Cameron, Gelbach & Miller
 * 2008). Seeded and deterministic so a report reads the same every time it is opened.
 */

/** Resamples per interval: percentile endpoints then move by about 2% of the width between seeds. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** Fixed seed: the same questions and answers always give the same interval. */
export const BOOTSTRAP_SEED = 17;

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
}

/** One question as the bootstrap sees it: its cluster and a value (1/0 for right/wrong, or a paired difference). */
export interface ClusteredValue {
  cluster: string;
  value: number;
}

export interface ClusterInterval {
  /** Proportion (or difference of proportions), not ×100. */
  low: number;
  high: number;
  clusters: number;
}

export interface PairedClusterBootstrap extends ClusterInterval {
  /** Two-sided bootstrap p-value of "no difference", never below 2 / (resamples + 1). */
  pValue: number;
  resamples: number;
}

/** mulberry32: a small, well-mixed 32-bit generator; enough for resampling indices. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Per-cluster sums of values and sizes, clusters sorted by key so the input order does not change the draw. */
function clusterSums(values: Iterable<ClusteredValue>): { sums: Float64Array; sizes: Float64Array } {
  const byCluster = new Map<string, [number, number]>();
  for (const { cluster, value } of values) {
    const s = byCluster.get(cluster);
    if (s) {
      s[0] += value;
      s[1]++;
    } else byCluster.set(cluster, [value, 1]);
  }
  const keys = [...byCluster.keys()].sort();
  return {
    sums: Float64Array.from(keys, (k) => byCluster.get(k)![0]),
    sizes: Float64Array.from(keys, (k) => byCluster.get(k)![1]),
  };
}

/** Σvalue / Σsize of each resample of the clusters, drawn with replacement, sorted ascending. */
function resampledMeans(sums: Float64Array, sizes: Float64Array, options: BootstrapOptions): Float64Array {
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const random = mulberry32(options.seed ?? BOOTSTRAP_SEED);
  const g = sums.length;
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let total = 0;
    let n = 0;
    for (let i = 0; i < g; i++) {
      const k = Math.floor(random() * g);
      total += sums[k]!;
      n += sizes[k]!;
    }
    means[r] = total / n;
  }
  return means.sort();
}

/** Quantile with linear interpolation between order statistics (R's type 7, numpy's default). */
function quantile(sorted: Float64Array, q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (at - lo) * (sorted[hi]! - sorted[lo]!);
}

/** 95% percentile interval of the mean value over questions, resampling whole clusters. */
export function clusterBootstrap(values: Iterable<ClusteredValue>, options: BootstrapOptions = {}): ClusterInterval {
  const { sums, sizes } = clusterSums(values);
  if (sums.length === 0) return { low: 0, high: 0, clusters: 0 };
  const means = resampledMeans(sums, sizes, options);
  return { low: quantile(means, 0.025), high: quantile(means, 0.975), clusters: sums.length };
}

/**
 * Paired cluster bootstrap for two runs on the same questions: each resample draws shared clusters and takes the
 * difference of the two accuracies on them. `pairs` are (first right, second right) per question.
 */
export function pairedClusterBootstrap(
  pairs: Iterable<{ cluster: string; first: boolean; second: boolean }>, options: BootstrapOptions = {},
): PairedClusterBootstrap {
  const differences: ClusteredValue[] = [];
  for (const p of pairs) differences.push({ cluster: p.cluster, value: Number(p.first) - Number(p.second) });
  const { sums, sizes } = clusterSums(differences);
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  if (sums.length === 0) return { low: 0, high: 0, clusters: 0, pValue: 1, resamples };
  const means = resampledMeans(sums, sizes, options);
  let atOrBelow = 0;
  let atOrAbove = 0;
  for (const m of means) {
    if (m <= 0) atOrBelow++;
    if (m >= 0) atOrAbove++;
  }
  // Davison & Hinkley's (count + 1) / (B + 1), doubled for two sides: a bootstrap never shows p = 0.
  const pValue = Math.min(1, (2 * (Math.min(atOrBelow, atOrAbove) + 1)) / (resamples + 1));
  return { low: quantile(means, 0.025), high: quantile(means, 0.975), clusters: sums.length, pValue, resamples };
}

/** True when some cluster holds more than one question: only then does the cluster interval say more than Wilson. */
export function hasClusters(clusters: Iterable<string>): boolean {
  const seen = new Set<string>();
  for (const c of clusters) {
    if (seen.has(c)) return true;
    seen.add(c);
  }
  return false;
}
