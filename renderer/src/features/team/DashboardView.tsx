import { useMemo } from 'react';
import { reasonBars, throughputBars } from '@shared/reports/team-charts';
import { statusLabels } from '@shared/domain/triplet-state';
import type { Dashboard } from '@shared/contract';
import { itemStatusSchema } from '@shared/contract/entities';
import { useCall } from '../../api/queries';
import { Chart } from '../../components/heavy-parts';
import { useChartTheme } from '../reports/useChartTheme';
import { reasonLabels } from '../workflow/reasons';
import { formatDuration } from '../workflow/format-time';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const kappaText = (k: number | null) => (k === null ? '—' : k.toFixed(2));
/** Landis & Koch's bands, the usual way kappa is read out. */
const kappaWords = (k: number | null) => (k === null ? 'not defined yet' : k < 0 ? 'worse than chance' : k <= 0.2 ? 'slight' : k <= 0.4 ? 'fair' : k <= 0.6 ? 'moderate' : k <= 0.8 ? 'substantial' : 'almost perfect');

/** Triplets by who wrote them (METHODS §10): people, or a model's draft a person edited or left as it was. */
function ProvenanceTile({ counts }: { counts: Dashboard['provenance'] }) {
  const total = counts.human + counts.draftedEdited + counts.draftedUnchanged;
  const share = (n: number) => (total ? pct(n / total) : '—');
  return (
    <div className="tile tile--wide" data-testid="dashboard.provenance">
      <span className="stat__label">Who wrote the triplets</span>
      <span className="tile__value">{share(counts.human)} <span className="muted">human-written</span></span>
      <span className="muted small" data-testid="dashboard.provenance.counts">
        {counts.human} human · {counts.draftedEdited} drafted and edited · {counts.draftedUnchanged} drafted unchanged
        {counts.meanEditShare !== null && ` · ${pct(counts.meanEditShare)} of drafted words changed on average`}
      </span>
    </div>
  );
}

type Timed = { user: string; name: string; timeMs: number; medianMs: number | null; timedItems: number };

/** Active time per person and kind of work: the total, and the median per triplet (what pay by piece is based on). */
function TimeTable(props: { annotators: Timed[]; checkers: Timed[] }) {
  const rows = [...props.annotators.map((p) => ({ ...p, kind: 'annotator' })), ...props.checkers.map((p) => ({ ...p, kind: 'checker' }))];
  return (
    <>
      <h2>Active time</h2>
      <table className="rtable" data-testid="dashboard.time">
        <thead><tr><th>Person</th><th>As</th><th>Total</th><th>Median per triplet</th><th>Triplets timed</th></tr></thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={5} className="muted">Time appears once people work on assigned triplets.</td></tr>}
          {rows.map((p) => (
            <tr key={`${p.kind}.${p.user}`} data-testid={`dashboard.${p.kind}.${p.user}.time`}>
              <td>{p.name}</td><td>{p.kind}</td><td>{formatDuration(p.timeMs)}</td><td>{formatDuration(p.medianMs)}</td><td>{p.timedItems}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The lead's overview of one dataset (or all): queues, people, throughput, agreement and problem reasons. */
export function DashboardView(props: { datasetId: number | undefined }) {
  const d = useCall('team.dashboard', props.datasetId === undefined ? {} : { datasetId: props.datasetId }, { refetchInterval: 5000 });
  const theme = useChartTheme();
  const throughput = useMemo(() => throughputBars(theme, d.data?.throughput ?? []), [theme, d.data?.throughput]);
  const reasons = useMemo(
    () => reasonBars(theme, (d.data?.reasons ?? []).map((r) => ({ label: reasonLabels[r.reason], count: r.count }))),
    [theme, d.data?.reasons],
  );
  if (!d.data) return <div className="skeleton skeleton--block" />;
  const data = d.data;
  const total = Object.values(data.statuses).reduce((a, b) => a + b, 0);
  return (
    <div className="dashboard" data-testid="team.dashboard">
      <div className="tiles wtiles">
        {itemStatusSchema.options.map((s) => (
          <div key={s} className={`tile tile--${s}`} data-testid={`dashboard.status.${s}`}>
            <span className="stat__label">{statusLabels[s]}</span>
            <span className="tile__value">{data.statuses[s] ?? 0}</span>
            <span className="muted small">{total ? pct((data.statuses[s] ?? 0) / total) : ''}</span>
          </div>
        ))}
        <ProvenanceTile counts={data.provenance} />
        <div className="tile tile--wide" data-testid="dashboard.agreement">
          <span className="stat__label">Checker agreement</span>
          <span className="tile__value">{pct(data.agreement.percent)} <span className="muted">· κ {kappaText(data.agreement.kappa)}</span></span>
          <span className="muted small">{data.agreement.n} question verdict pairs · {kappaWords(data.agreement.kappa)}</span>
        </div>
      </div>
      <div className="dashboard__grid">
        <section className="panel">
          <h2>Annotators</h2>
          <table className="rtable">
            <thead><tr><th>Person</th><th>Assigned</th><th>Annotating</th><th>In review</th><th>Returned</th><th>Accepted</th><th>Progress</th></tr></thead>
            <tbody>
              {data.annotators.length === 0 && <tr><td colSpan={7} className="muted">No one has work assigned yet — use Assign.</td></tr>}
              {data.annotators.map((a) => (
                <tr key={a.user} data-testid={`dashboard.annotator.${a.user}`}>
                  <td>{a.name}</td><td>{a.assigned}</td><td>{a.annotating}</td><td>{a.submitted}</td><td>{a.returned}</td><td>{a.accepted}</td>
                  <td><span className="meter"><span className="meter__fill meter__fill--ok" style={{ width: `${a.assigned ? (100 * a.accepted) / a.assigned : 0}%` }} /></span></td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Checkers</h2>
          <table className="rtable">
            <thead><tr><th>Person</th><th>Assigned</th><th>Waiting for them</th><th>Verdicts given</th><th>Flagged</th></tr></thead>
            <tbody>
              {data.checkers.length === 0 && <tr><td colSpan={5} className="muted">No checkers assigned yet.</td></tr>}
              {data.checkers.map((c) => (
                <tr key={c.user}><td>{c.name}</td><td>{c.assigned}</td><td>{c.pending}</td><td>{c.reviewed}</td><td>{c.flagged}</td></tr>
              ))}
            </tbody>
          </table>
          <TimeTable annotators={data.annotators} checkers={data.checkers} />
          {data.agreement.pairs.length > 0 && (
            <>
              <h2>Agreement per checker pair</h2>
              <table className="rtable">
                <thead><tr><th>Pair</th><th>Questions</th><th>Agreement</th><th>Cohen's κ</th></tr></thead>
                <tbody>
                  {data.agreement.pairs.map((p) => (
                    <tr key={`${p.a}-${p.b}`}><td>{p.a} · {p.b}</td><td>{p.n}</td><td>{pct(p.percent)}</td><td>{kappaText(p.kappa)}</td></tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
        <section className="panel">
          <h2>Throughput per day</h2>
          {data.throughput.length === 0 ? <p className="muted">Nothing saved yet.</p> : <Chart option={throughput} height={220} label="Saves, submissions and verdicts per day" testId="dashboard.throughput" />}
          <h2>Why work is flagged</h2>
          {data.reasons.length === 0 ? <p className="muted">No problems flagged yet.</p>
          : <Chart option={reasons} height={Math.max(120, 30 * data.reasons.length + 20)} label="Problem reasons by count" testId="dashboard.reasons" />}
        </section>
      </div>
    </div>
  );
}
