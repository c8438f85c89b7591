import type { AccuracyCellData } from '../contract/report-entities';

/** A percentage with one decimal, as every report shows it (screen, HTML file, terminal). */
export const pct1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

export const ciText = (c: AccuracyCellData) => `${pct1(c.ci95.low)}–${pct1(c.ci95.high)}`;

export const pValue = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));
