import { wilson } from './intervals';

export interface ScoredPrediction {
  correct: boolean;
  /** The values this prediction is grouped by: source, category, role, subject, VRP level or relation value… */
  groups: Readonly<Record<string, string | null>>;
  /** Questions sharing a cluster are not independent (a triplet, a VRP original's variants); see cluster-accuracy. */
  cluster?: string;
}

export interface AccuracyCell {
  n: number;
  correct: number;
  /** ×100, unrounded; round for display only. */
  accuracy: number;
  ci95: { low: number; high: number };
  /** ×100; set by withClusterIntervals where the questions are clustered. */
  ci95Cluster?: { low: number; high: number; clusters: number };
}

export interface AccuracyReport {
  overall: AccuracyCell;
  by: Record<string, Record<string, AccuracyCell>>;
}

/** One accuracy cell from its counts, with its Wilson interval: what accuracyBy gives each group. */
export function accuracyCell(correct: number, n: number): AccuracyCell {
  const w = wilson(correct, n);
  return { n, correct, accuracy: n ? (100 * correct) / n : 0, ci95: { low: 100 * w.low, high: 100 * w.high } };
}

/**
 * Accuracy with a 95% Wilson interval overall and per value of each grouping key, in one pass. Used for any
 * grouping: per category, role and source, and VRPTest's per intervention level and per relation value.
 */
export function accuracyBy(predictions: Iterable<ScoredPrediction>, keys: readonly string[]): AccuracyReport {
  let n = 0;
  let right = 0;
  const counts = new Map<string, Map<string, [number, number]>>(keys.map((k) => [k, new Map()]));
  for (const p of predictions) {
    n++;
    if (p.correct) right++;
    for (const key of keys) {
      const value = p.groups[key];
      if (value === undefined || value === null) continue;
      const byValue = counts.get(key)!;
      const c = byValue.get(value);
      if (c) {
        c[0]++;
        if (p.correct) c[1]++;
      } else byValue.set(value, [1, p.correct ? 1 : 0]);
    }
  }
  const by: AccuracyReport['by'] = {};
  for (const [key, byValue] of counts) {
    by[key] = Object.fromEntries([...byValue].sort(([a], [b]) => a.localeCompare(b)).map(([v, [count, ok]]) => [v, accuracyCell(ok, count)]));
  }
  return { overall: accuracyCell(right, n), by };
}

/** VRPTest's groupings: accuracy per intervention level and per value of each metamorphic relation. */
export const VRP_KEYS = ['level', 'colour', 'font', 'shape', 'position'] as const;
