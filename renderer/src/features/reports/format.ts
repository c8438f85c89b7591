import type { AccuracyCellData } from '../../../../shared/contract';

/** One decimal, as the charts show it. */
export const pct1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

export const ciText = (c: AccuracyCellData) => `${pct1(c.ci95.low)}–${pct1(c.ci95.high)}`;

export const pValue = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** A cell as a table row's values: n, correct, accuracy, interval. */
export const cellColumns = ['n', 'correct', 'accuracy %', 'ci95 low', 'ci95 high'];
export const cellValues = (c: AccuracyCellData) => [c.n, c.correct, Number(pct1(c.accuracy)), Number(pct1(c.ci95.low)), Number(pct1(c.ci95.high))];
