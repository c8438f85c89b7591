import type { AccuracyCellData } from '@shared/contract';
import { pct1 } from '@shared/reports/format';

export { ciText, clusterCiText, clusterNote, pairBootstrapText, pct1, pValue, verdictText } from '@shared/reports/format';

/** A cell as a table row's values: n, correct, accuracy, interval. */
export const cellColumns = ['n', 'correct', 'accuracy %', 'ci95 low', 'ci95 high'];
export const cellValues = (c: AccuracyCellData) => [c.n, c.correct, Number(pct1(c.accuracy)), Number(pct1(c.ci95.low)), Number(pct1(c.ci95.high))];
