import { useMemo } from 'react';
import type { RunReport } from '@shared/contract';
import { accuracyBars, barsHeight } from '@shared/reports/charts';
import { AskedOnceList } from '../../components/AskedOnceList';
import { Chart } from '../../components/heavy-parts';
import { cellValues, pct1 } from './format';
import { TableExport } from './TableExport';
import { useChartTheme } from './useChartTheme';

/** CircularEval (every rotation right) beside the first pass alone, overall and per category. */
export function CircularCard({ c }: { c: NonNullable<RunReport['circular']> }) {
  const theme = useChartTheme();
  const labels = useMemo(() => ['overall', ...c.byCategory.map((g) => g.group)], [c]);
  const option = useMemo(() => accuracyBars(theme, labels, [
    { name: 'single pass', cells: [c.singlePass, ...c.byCategory.map((g) => g.singlePass)] },
    { name: 'CircularEval', cells: [c.circular, ...c.byCategory.map((g) => g.circular)] },
  ]), [theme, labels, c]);
  const drop = c.singlePass.accuracy - c.circular.accuracy;
  return (
    <section className="rcard rcard--wide" data-testid="report.circular">
      <header className="rcard__head">
        <h3>CircularEval vs single pass</h3>
        <span className="muted small">
          {pct1(c.singlePass.accuracy)}% → {pct1(c.circular.accuracy)}% ({drop >= 0 ? '−' : '+'}{pct1(Math.abs(drop))} points when every rotation must be right)
          {c.flagged > 0 && ` · ${c.flagged} question(s) asked once (flagged)`}
        </span>
        <TableExport table={() => ({
          name: 'circular-vs-single', columns: ['group', 'single n', 'single correct', 'single %', 'single low', 'single high', 'circular n', 'circular correct', 'circular %', 'circular low', 'circular high'],
          rows: [['overall', ...cellValues(c.singlePass), ...cellValues(c.circular)], ...c.byCategory.map((g) => [g.group, ...cellValues(g.singlePass), ...cellValues(g.circular)])],
        })} />
      </header>
      <Chart option={option} height={barsHeight(labels.length, 2)} label="Single-pass and CircularEval accuracy per category" testId="report.circular.chart" />
      <AskedOnceList askedOnce={c.askedOnce} total={c.flagged} testId="report.circular.askedOnce" />
    </section>
  );
}
