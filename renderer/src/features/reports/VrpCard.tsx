import { useMemo } from 'react';
import type { RunReport } from '@shared/contract';
import { vrpRadar } from '@shared/reports/charts';
import { GROUP_TITLES, vrpAxes } from '@shared/reports/tables';
import { useCall } from '../../api/queries';
import { AccuracyTable } from './AccuracyTable';
import { Chart } from '../../components/heavy-parts';
import { cellColumns, cellValues } from './format';
import { TableExport } from './TableExport';
import { useChartTheme } from './useChartTheme';

/** VRPTest's radar: accuracy per intervention level and relation value, one line per run of the same dataset. */
export function VrpCard({ report }: { report: RunReport }) {
  const theme = useChartTheme();
  const series = useCall('reports.vrp', { datasetId: report.run.datasetId });
  const option = useMemo(() => {
    const lines = series.data ?? [];
    const axes = vrpAxes(lines);
    return vrpRadar(theme, axes.map((a) => a.label), lines.map((s) => ({ name: s.name, values: axes.map((a) => s.by[a.key]?.[a.value]?.accuracy ?? null) })));
  }, [series.data, theme]);
  const vrp = report.vrp!;
  const rows = Object.entries(vrp).flatMap(([key, cells]) => Object.entries(cells).map(([value, cell]) => ({ group: `${GROUP_TITLES[key] ?? key}: ${value}`, cell })));
  return (
    <section className="rcard rcard--wide" data-testid="report.vrp">
      <header className="rcard__head">
        <h3>Visual referring prompts</h3>
        <span className="muted small">{series.data?.length ?? 0} run(s) on {report.run.datasetName}</span>
        <TableExport table={() => ({ name: 'vrp', columns: ['relation', 'value', ...cellColumns], rows: Object.entries(vrp).flatMap(([k, cells]) => Object.entries(cells).map(([v, c]) => [k, v, ...cellValues(c)])) })} />
      </header>
      <div className="rcard__split">
        <Chart option={option} height={380} label="Accuracy per intervention level and relation value" testId="report.vrp.chart" />
        <AccuracyTable label="level / relation" rows={rows} />
      </div>
    </section>
  );
}
