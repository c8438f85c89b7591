import type { AccuracyCellData } from '../contract/report-entities';

/** A percentage with one decimal, as every report shows it (screen, HTML file, terminal). */
export const pct1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

export const ciText = (c: AccuracyCellData) => `${pct1(c.ci95.low)}–${pct1(c.ci95.high)}`;

export const pValue = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** "120", or "118 (+2 incomplete)" when some triplets miss a role and are left out of the triplet metrics. */
export function tripletCount(v: { triplets: number; incomplete_triplets: number }): string {
  return v.incomplete_triplets ? `${v.triplets} (+${v.incomplete_triplets} incomplete)` : String(v.triplets);
}
