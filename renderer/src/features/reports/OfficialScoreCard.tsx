import type { OfficialScore } from '@shared/contract/report-entities';

const TITLES: Record<OfficialScore['scorer'], string> = {
  mmmu: 'MMMU — official evaluation',
  vlmevalkit: 'VLMEvalKit — MCQ exact matching',
  mmstar: 'MMStar — its own scorer',
};

/** A fraction as a percentage with two decimals; the code prints fractions, the studio percentages. */
const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(2)}%`);

function Differences({ s }: { s: OfficialScore }) {
  if (s.differenceCount === 0) return <p className="muted small" data-testid="official.same">The official code reads every question as the studio does.</p>;
  return (
    <details data-testid="official.differences">
      <summary>
        {s.differenceCount} question{s.differenceCount === 1 ? '' : 's'} read differently
        {s.randomFallbacks > 0 ? `, ${s.randomFallbacks} answered at random by the official code` : ''}
        {s.differences.length < s.differenceCount ? ` (first ${s.differences.length} listed)` : ''}
      </summary>
      <ul className="small">
        {s.differences.map((d) => <li key={d.id}><span className="mono">{d.id}</span>{d.randomFallback ? <strong> random</strong> : null}: {d.why}</li>)}
      </ul>
    </details>
  );
}

/**
 * A figure as the benchmark's own scorer computes it on this run's replies, beside the studio's on the same questions
 * (METHODS §5): quotable as "the official figure", with every question where the two part.
 */
export function OfficialScoreCard({ s }: { s: OfficialScore }) {
  return (
    <section className="rcard rcard--wide" data-testid={`report.official.${s.scorer}`}>
      <header className="rcard__head">
        <h3>{TITLES[s.scorer]}</h3>
        <span className="muted small mono">{s.reference}</span>
      </header>
      <p data-testid="official.side-by-side">
        official <strong>{pct(s.overall)}</strong> · studio <strong>{pct(s.studio.acc)}</strong>
        <span className="muted small"> on the same {s.studio.num} questions</span>
      </p>
      {s.note && <p className="notice small" data-testid="official.note">{s.note}</p>}
      <table className="rtable rtable--metrics" data-testid="official.table">
        <thead><tr><th>group</th><th className="num">questions</th><th className="num">official</th></tr></thead>
        <tbody>
          {s.groups.map((g) => (
            <tr key={g.name} className={/^(overall|final score)/i.test(g.name) ? 'rtable__total' : ''}>
              <td>{g.name}</td><td className="num">{g.num}</td><td className="num">{pct(g.acc)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Differences s={s} />
    </section>
  );
}
