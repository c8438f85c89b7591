import { useState } from 'react';
import type { Role, RunReport } from '@shared/contract';
import { tripletCount } from '@shared/reports/format';
import { MMEVALPRO_COLUMNS } from '@shared/reports/tables';
import { DrillList } from './DrillList';
import { Heatmap } from './Heatmap';
import { TableExport } from './TableExport';

type MmEvalPro = NonNullable<RunReport['mmevalpro']>;
type Metrics = Record<(typeof MMEVALPRO_COLUMNS)[number]['key'], number>;

/** MMEvalPro's table (per source, Macro, Micro) and the conditional heatmap with its drill-down. */
export function MmEvalProPanel({ runId, m }: { runId: number; m: MmEvalPro }) {
  const sources = Object.keys(m.bySource);
  const [source, setSource] = useState<string | undefined>(undefined);
  const [cell, setCell] = useState<{ given: Role; target: Role } | null>(null);
  const scores = source ? m.bySource[source]! : m.Micro_Average;
  type Counts = { triplets: number; incomplete_triplets: number };
  const rows: [string, Metrics, Counts | null][] = [
    ...sources.map((s): [string, Metrics, Counts] => [s, m.bySource[s]!, m.bySource[s]!]),
    ['Macro average', m.Macro_Average, null],
    ['Micro average', m.Micro_Average, m.Micro_Average],
  ];
  return (
    <section className="rcard rcard--wide" data-testid="report.mmevalpro">
      <header className="rcard__head">
        <h3>MMEvalPro</h3>
        <span className="muted small">GA counts a triplet only when origin, perception and knowledge are all right; triplets missing a question are left out and counted as incomplete</span>
        <TableExport table={() => ({
          name: 'mmevalpro', columns: ['source', ...MMEVALPRO_COLUMNS.map((c) => c.short), 'triplets', 'incomplete triplets'],
          rows: rows.map(([name, v, n]) => [name, ...MMEVALPRO_COLUMNS.map((c) => v[c.key]), n?.triplets ?? null, n?.incomplete_triplets ?? null]),
        })} />
      </header>
      <table className="rtable rtable--metrics" data-testid="mmevalpro.table">
        <thead><tr><th>source</th>{MMEVALPRO_COLUMNS.map((c) => <th key={c.key} className="num" title={c.title}>{c.short}</th>)}<th className="num">triplets</th></tr></thead>
        <tbody>
          {rows.map(([name, v, n]) => (
            <tr key={name} className={name.endsWith('average') ? 'rtable__total' : ''}>
              <td>{name}</td>
              {MMEVALPRO_COLUMNS.map((c) => <td key={c.key} className={`num${c.short === 'GA' ? ' strong' : ''}`}>{v[c.key].toFixed(2)}</td>)}
              <td className="num muted">{n ? tripletCount(n) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mmevalpro__heat">
        <div>
          <div className="chips" role="group" aria-label="Heatmap scope">
            <button className={`chip${source === undefined ? ' chip--on' : ''}`} aria-pressed={source === undefined} onClick={() => setSource(undefined)}>All (Micro)</button>
            {sources.map((s) => <button key={s} className={`chip${source === s ? ' chip--on' : ''}`} aria-pressed={source === s} onClick={() => setSource(s)}>{s}</button>)}
          </div>
          <Heatmap conditional={scores.conditional} given={scores.conditional_n} selected={cell} onPick={setCell} />
          <p className="muted small">Each cell is the share of triplets whose column question is right that also get the row question right. Click a cell to see the triplets behind it.</p>
        </div>
        {cell ? <DrillList runId={runId} given={cell.given} target={cell.target} source={source} />
        : <div className="drill drill--empty muted">Pick a cell — origin ✓ column, perception row shows the triplets answered right for possibly the wrong reasons.</div>}
      </div>
    </section>
  );
}
