import type { AccuracyCell, AccuracyReport, ScoredPrediction } from './accuracy';
import { clusterBootstrap, hasClusters } from './cluster-bootstrap';

/**
 * Per-grouping cluster intervals cost resamples × clusters for every grouping, so above this many questions only the
 * overall accuracy gets one (a report must open in well under a second; METHODS §5, PERFORMANCE).
 */
export const CLUSTER_GROUPING_LIMIT = 10_000;

/** Sets `ci95Cluster` (×100) on a cell when its questions are clustered; a cell of singletons keeps Wilson alone. */
function addClusterInterval(cell: AccuracyCell, predictions: readonly ScoredPrediction[]): void {
  if (!hasClusters(predictions.map((p, i) => p.cluster ?? `#${i}`))) return;
  const interval = clusterBootstrap(predictions.map((p, i) => ({ cluster: p.cluster ?? `#${i}`, value: p.correct ? 1 : 0 })));
  cell.ci95Cluster = { low: 100 * interval.low, high: 100 * interval.high, clusters: interval.clusters };
}

/**
 * Adds cluster bootstrap intervals beside the Wilson ones of an accuracyBy report made from the same predictions:
 * overall always, per value of each grouping while there are at most CLUSTER_GROUPING_LIMIT questions.
 */
export function withClusterIntervals(report: AccuracyReport, predictions: readonly ScoredPrediction[], keys: readonly string[]): AccuracyReport {
  addClusterInterval(report.overall, predictions);
  if (report.overall.ci95Cluster === undefined || predictions.length > CLUSTER_GROUPING_LIMIT) return report;
  for (const key of keys) {
    const cells = report.by[key];
    if (!cells) continue;
    const byValue = new Map<string, ScoredPrediction[]>();
    for (const p of predictions) {
      const value = p.groups[key];
      if (value === undefined || value === null) continue;
      const list = byValue.get(value);
      if (list) list.push(p);
      else byValue.set(value, [p]);
    }
    for (const [value, list] of byValue) if (cells[value]) addClusterInterval(cells[value], list);
  }
  return report;
}
