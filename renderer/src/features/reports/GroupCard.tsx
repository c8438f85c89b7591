import { useMemo, useState } from 'react';
import type { RunReport } from '@shared/contract';
import { accuracyBars, barsHeight } from '@shared/reports/charts';
import { GROUP_TITLES } from '@shared/reports/tables';
import { AccuracyTable } from './AccuracyTable';
import { Chart } from '../../components/heavy-parts';
import { cellColumns, cellValues } from './format';
import { TableExport } from './TableExport';
import { useChartTheme } from './useChartTheme';

/** Accuracy per category / source / role / subject…, as bars with intervals and as a table. */
export function GroupCard({ report }: { report: RunReport }) {
  const keys = Object.keys(report.accuracy.by);
  const [picked, setPicked] = useState<string | null>(null);
  const key = picked && keys.includes(picked) ? picked : keys.find((k) => Object.keys(report.accuracy.by[k]!).length > 1) ?? keys[0];
  const theme = useChartTheme();
  const cells = useMemo(() => (key ? report.accuracy.by[key]! : {}), [report, key]);
  const labels = useMemo(() => Object.keys(cells), [cells]);
  const option = useMemo(() => accuracyBars(theme, labels, [{ name: 'accuracy', cells: labels.map((l) => cells[l]) }]), [theme, cells, labels]);
  if (!key) return null;
  const title = GROUP_TITLES[key] ?? key;
  return (
    <section className="rcard rcard--wide" data-testid="report.groups">
      <header className="rcard__head">
        <h3>Accuracy by {title}</h3>
        <div className="segmented segmented--small" role="tablist">
          {keys.map((k) => (
            <button key={k} role="tab" aria-selected={k === key} className={`segmented__item${k === key ? ' segmented__item--on' : ''}`} onClick={() => setPicked(k)}>
              {GROUP_TITLES[k] ?? k}
            </button>
          ))}
        </div>
        <TableExport table={() => ({ name: `accuracy-by-${key}`, columns: [key, ...cellColumns], rows: labels.map((l) => [l, ...cellValues(cells[l]!)]) })} />
      </header>
      <div className="rcard__split">
        <Chart option={option} height={barsHeight(labels.length)} label={`Accuracy by ${title} with 95% intervals`} testId="report.groups.chart" />
        <AccuracyTable label={title} rows={labels.map((l) => ({ group: l, cell: cells[l]! }))} />
      </div>
    </section>
  );
}
