import type { AccuracyCellData } from '../contract/report-entities';

/** A percentage with one decimal, as every report shows it (screen, HTML file, terminal). */
export const pct1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

export const ciText = (c: AccuracyCellData) => `${pct1(c.ci95.low)}–${pct1(c.ci95.high)}`;

export const pValue = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** The cluster bootstrap interval (METHODS §5), or a dash where questions are independent and Wilson says it all. */
export const clusterCiText = (c: AccuracyCellData) => (c.ci95Cluster ? `${pct1(c.ci95Cluster.low)}–${pct1(c.ci95Cluster.high)}` : '—');

/** "cluster bootstrap 95% CI 30.1–52.4 over 120 clusters", or '' without clusters. */
export const clusterNote = (c: AccuracyCellData) =>
  (c.ci95Cluster ? `cluster bootstrap 95% CI ${clusterCiText(c)} over ${c.ci95Cluster.clusters} clusters` : '');

interface PairVerdict {
  significant: boolean;
  decidedBy: 'mcnemar' | 'cluster-bootstrap';
  clusterBootstrap: { low: number; high: number; pValue: number } | null;
}

/** The paired cluster bootstrap's Δ interval and p, or '—' when questions are independent (McNemar alone). */
export const pairBootstrapText = (p: PairVerdict) =>
  (p.clusterBootstrap ? `Δ ${pct1(p.clusterBootstrap.low)} to ${pct1(p.clusterBootstrap.high)}, p ${pValue(p.clusterBootstrap.pValue)}` : '—');

/** "significant (cluster bootstrap)": which test's p < 0.05 decided. */
export const verdictText = (p: PairVerdict) =>
  `${p.significant ? 'significant' : 'within noise'} (${p.decidedBy === 'mcnemar' ? 'McNemar' : 'cluster bootstrap'})`;

/** "120", or "118 (+2 incomplete)" when some triplets miss a role and are left out of the triplet metrics. */
export function tripletCount(v: { triplets: number; incomplete_triplets: number }): string {
  return v.incomplete_triplets ? `${v.triplets} (+${v.incomplete_triplets} incomplete)` : String(v.triplets);
}
