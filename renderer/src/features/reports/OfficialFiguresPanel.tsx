import type { MmEvalProOfficial } from '@shared/contract/report-entities';
import { MMEVALPRO_COLUMNS } from '@shared/reports/tables';

// auto_score.py prints GA, AA, OA, PA and KA only; the derived figures are the studio's own.
const [ga, aa, oa, pa, ka] = MMEVALPRO_COLUMNS;
const OFFICIAL_COLUMNS = [ga, aa, oa, pa, ka];

/**
 * MMEvalPro's figures as its published auto_score.py computes them, beside the studio's panel: quotable as "the
 * official figure", with every place where the two readings part (METHODS §5).
 */
export function OfficialFiguresPanel({ o }: { o: MmEvalProOfficial }) {
  const rows = [...Object.entries(o.bySource), ['Macro average', o.Macro_Average] as const, ['Micro average', o.Micro_Average] as const];
  return (
    <section className="rcard rcard--wide" data-testid="report.mmevalpro-official">
      <header className="rcard__head">
        <h3>MMEvalPro — official figures</h3>
        <span className="muted small">as the published auto_score.py computes them: triplets missing a question still count, answers compared as strings on the first pass</span>
      </header>
      <table className="rtable rtable--metrics" data-testid="mmevalpro-official.table">
        <thead><tr><th>source</th>{OFFICIAL_COLUMNS.map((c) => <th key={c.key} className="num" title={c.title}>{c.short}</th>)}</tr></thead>
        <tbody>
          {rows.map(([name, v]) => (
            <tr key={name} className={name.endsWith('average') ? 'rtable__total' : ''}>
              <td>{name}</td>
              {v === null
                ? <td colSpan={OFFICIAL_COLUMNS.length} className="muted">not computable: the script would divide by zero</td>
                : OFFICIAL_COLUMNS.map((c) => <td key={c.key} className={`num${c.short === 'GA' ? ' strong' : ''}`}>{v[c.key].toFixed(2)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      {o.differenceCount === 0
        ? <p className="muted small" data-testid="mmevalpro-official.same">The official script reads every answer as the studio does.</p>
        : (
          <details data-testid="mmevalpro-official.differences">
            <summary>{o.differenceCount} place{o.differenceCount === 1 ? '' : 's'} where the two readings differ{o.differences.length < o.differenceCount ? ` (first ${o.differences.length} listed)` : ''}</summary>
            <ul className="small">
              {o.differences.map((d) => <li key={`${d.tripletId}-${d.role ?? 'triplet'}`}>triplet {d.tripletId} ({d.source}){d.role ? `, ${d.role}` : ''}: {d.why}</li>)}
            </ul>
          </details>
        )}
    </section>
  );
}
