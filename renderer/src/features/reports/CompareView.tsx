import { useMemo } from 'react';
import type { RunSummary } from '@shared/contract';
import { accuracyBars, barsHeight } from '@shared/reports/charts';
import { useCall } from '../../api/queries';
import { useReports } from '../../stores/reports';
import { Chart } from '../../components/heavy-parts';
import { cellColumns, cellValues, pairBootstrapText, pct1, pValue, verdictText } from './format';
import { Pager, usePageOffset } from './Pager';
import { SeeingCard } from './SeeingCard';
import { TableExport } from './TableExport';
import { useChartTheme } from './useChartTheme';

const PAGE = 100;

function Picker({ runs }: { runs: RunSummary[] }) {
  const { compareIds, toggleCompare } = useReports();
  return (
    <section className="rcard rcard--wide">
      <header className="rcard__head"><h3>Runs to compare</h3><span className="muted small">tick two or more runs over the same questions; the first ticked is the reference</span></header>
      <div className="pick-list" data-testid="compare.picker">
        {runs.map((r) => {
          const order = compareIds.indexOf(r.id);
          return (
            <label key={r.id} className={`pick${order >= 0 ? ' pick--on' : ''}`}>
              <input type="checkbox" checked={order >= 0} onChange={() => toggleCompare(r.id)} data-testid={`compare.pick.${r.id}`} />
              <span className="pick__name" title={r.name}><span className="muted">#{r.id}</span> {r.name}</span>
              {order >= 0 && <span className="pick__order">{order + 1}</span>}
            </label>
          );
        })}
      </div>
    </section>
  );
}

function Result({ runIds }: { runIds: number[] }) {
  const theme = useChartTheme();
  const [offset, setOffset] = usePageOffset(runIds.join(','));
  const cmp = useCall('reports.compare', { runIds, offset, limit: PAGE }, { placeholderData: (prev) => prev });
  const option = useMemo(() => cmp.data ? accuracyBars(theme, cmp.data.runs.map((r) => `#${r.id} ${r.name}`), [{ name: 'accuracy', cells: cmp.data.runs.map((r) => r.accuracy) }]) : null, [cmp.data, theme]);
  if (cmp.isError) return <p className="notice notice--danger">{cmp.error.message}</p>;
  const c = cmp.data;
  if (!c || !option) return <p className="muted">Comparing…</p>;
  const name = (id: number) => c.runs.find((r) => r.id === id)?.name ?? `run ${id}`;
  return (
    <>
      <section className="rcard rcard--wide" data-testid="compare.result">
        <header className="rcard__head">
          <h3>Accuracy on the {c.common.toLocaleString()} questions every run answered</h3>
          <TableExport table={() => ({ name: 'comparison', columns: ['run', 'model', ...cellColumns], rows: c.runs.map((r) => [r.name, r.model, ...cellValues(r.accuracy)]) })} />
        </header>
        {c.note && <p className="notice" data-testid="compare.note">{c.note}</p>}
        <Chart option={option} height={barsHeight(c.runs.length)} label="Accuracy of each compared run with 95% intervals" testId="compare.chart" />
        <table className="rtable" data-testid="compare.pairs">
          <thead><tr><th>first</th><th>second</th><th className="num">Δ points</th><th className="num">only first ✓</th><th className="num">only second ✓</th><th className="num">McNemar p</th><th className="num" title="Paired cluster bootstrap: shared triplets or VRP originals resampled, 2,000 times, fixed seed">cluster bootstrap</th><th>verdict</th></tr></thead>
          <tbody>
            {c.pairs.map((p) => (
              <tr key={`${p.first}-${p.second}`}>
                <td>#{p.first} {name(p.first)}</td><td>#{p.second} {name(p.second)}</td>
                <td className="num strong">{p.delta > 0 ? '+' : ''}{pct1(p.delta)}</td>
                <td className="num">{p.mcnemar.onlyFirst}</td><td className="num">{p.mcnemar.onlySecond}</td>
                <td className="num" title={p.mcnemar.method === 'exact' ? 'exact binomial' : 'chi-square with continuity correction'}>{pValue(p.mcnemar.pValue)}</td>
                <td className="num">{pairBootstrapText(p)}</td>
                <td><span className={`tag ${p.significant ? 'tag--ok' : 'tag--muted'}`} title="p < 0.05 by the test named; the cluster bootstrap decides when questions are clustered">{verdictText(p)}</span></td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="rcard rcard--wide" data-testid="compare.disagreements">
        <header className="rcard__head">
          <h3>Where they disagree</h3>
          <span className="muted small" data-testid="compare.disagreements.total">{c.disagreements.total} question(s) right for some runs and wrong for others</span>
          <TableExport table={() => ({
            name: 'disagreements', columns: ['question id', 'role', 'question', 'gold', ...c.runs.flatMap((r) => [`${r.name} answer`, `${r.name} correct`])],
            rows: c.disagreements.rows.map((d) => [d.questionId, d.role, d.text, d.gold, ...d.answers.flatMap((a) => [a.label, a.correct])]),
          })} />
        </header>
        <table className="rtable">
          <thead><tr><th>question</th><th>gold</th>{c.runs.map((r) => <th key={r.id} title={r.name}>#{r.id} {r.model}</th>)}</tr></thead>
          <tbody>
            {c.disagreements.rows.map((d) => (
              <tr key={d.questionId}>
                <td className="rtable__text" title={d.text}>{d.text}</td>
                <td className="mono">{d.gold}</td>
                {d.answers.map((a) => <td key={a.runId}><span className={`drill__answer drill__answer--${a.correct ? 'ok' : 'bad'}`}>{a.label ?? '∅'}</span></td>)}
              </tr>
            ))}
          </tbody>
        </table>
        <Pager offset={offset} size={PAGE} total={c.disagreements.total} shown={c.disagreements.rows.length} onOffset={setOffset} testId="compare.pager" />
      </section>
    </>
  );
}

/** Side-by-side runs with paired tests and their disagreements, and MMStar's seeing-or-not. */
export function CompareView({ runs }: { runs: RunSummary[] }) {
  const compareIds = useReports((s) => s.compareIds).filter((id) => runs.some((r) => r.id === id));
  return (
    <div className="rview" data-testid="report.compare">
      <div className="rgrid">
        <Picker runs={runs} />
        {compareIds.length >= 2 ? <Result runIds={compareIds} /> : <p className="notice rcard--wide">Tick at least two runs to compare them question by question.</p>}
        <SeeingCard runs={runs} />
      </div>
    </div>
  );
}
