import type { RunReport } from '@shared/contract';
import { useCall } from '../../api/queries';
import { CircularCard } from './CircularCard';
import { ciText, clusterNote, pct1 } from './format';
import { GradingPanel } from './GradingPanel';
import { TrialsCard } from './TrialsCard';
import { GroupCard } from './GroupCard';
import { MmEvalProPanel } from './MmEvalProPanel';
import { OfficialFiguresPanel } from './OfficialFiguresPanel';
import { OfficialScoreCard } from './OfficialScoreCard';
import { VrpCard } from './VrpCard';

const PATH_TITLES: Record<string, string> = {
  exact: 'just the label', letter: 'a label in the text', 'option-text': 'an option\'s text', judge: 'read by the judge model',
  unanswerable: 'refused / unanswerable', failed: 'could not be read', corrected: 'corrected by a person',
};

function Tiles({ report }: { report: RunReport }) {
  const { run, coverage, accuracy } = report;
  const o = accuracy.overall;
  return (
    <div className="tiles" data-testid="report.tiles">
      <div className="tile tile--main">
        <span className="stat__label">accuracy</span>
        <b data-testid="report.accuracy">{pct1(o.accuracy)}%</b>
        <span className="muted small">95% CI {ciText(o)} (Wilson) · {o.correct}/{o.n}</span>
        {o.ci95Cluster && <span className="muted small" data-testid="report.clusterCi" title="Questions of one triplet or one VRP original are not independent: whole clusters resampled, 2,000 times, fixed seed">{clusterNote(o)}</span>}
      </div>
      {report.mmevalpro && (
        <div className="tile">
          <span className="stat__label">genuine accuracy</span>
          <b>{report.mmevalpro.Micro_Average.genuine_accuracy_score.toFixed(2)}%</b>
          <span className="muted small">CG {report.mmevalpro.Micro_Average.consistency_gap.toFixed(2)} points</span>
        </div>
      )}
      <div className="tile">
        <span className="stat__label">scored</span>
        <b>{coverage.scored.toLocaleString()} / {coverage.questions.toLocaleString()}</b>
        <span className={`small ${coverage.errors ? 'danger' : 'muted'}`}>{coverage.errors} error(s) · {coverage.pending} pending</span>
      </div>
      <div className="tile">
        <span className="stat__label">unreadable</span>
        <b>{run.failedExtraction}</b>
        <span className="muted small">scored wrong, never guessed</span>
      </div>
      <div className="tile">
        <span className="stat__label">cost</span>
        <b>{run.cost === null ? '—' : `$${run.cost.toFixed(4)}`}</b>
        <span className="muted small">{(run.tokensIn + run.tokensOut).toLocaleString()} tokens</span>
      </div>
    </div>
  );
}

function ExtractionCard({ report }: { report: RunReport }) {
  const total = Object.values(report.extraction).reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  return (
    <section className="rcard" data-testid="report.extraction">
      <header className="rcard__head"><h3>How answers were read</h3></header>
      <table className="rtable">
        <tbody>
          {Object.entries(report.extraction).sort((a, b) => b[1] - a[1]).map(([path, n]) => (
            <tr key={path}>
              <td>{PATH_TITLES[path] ?? path} <span className="muted small mono">{path}</span></td>
              <td><span className="meter"><span className="meter__fill" style={{ width: `${(100 * n) / total}%` }} /></span></td>
              <td className="num">{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One run's report: headline numbers, then every panel its data supports. */
export function RunReportView({ runId, live }: { runId: number; live: boolean }) {
  const report = useCall('reports.run', { id: runId }, { refetchInterval: live ? 2000 : false });
  if (report.isError) return <p className="danger rview__error">{report.error.message}</p>;
  if (!report.data) return <p className="muted rview__error">Scoring…</p>;
  const r = report.data;
  return (
    <div className="rview" data-testid="report.run">
      {r.coverage.scored === 0 && <p className="notice">No question of this run is answered yet; numbers appear as answers arrive.</p>}
      <Tiles report={r} />
      <div className="rgrid">
        <GroupCard report={r} />
        {r.mmevalpro && <MmEvalProPanel runId={runId} m={r.mmevalpro} />}
        {r.mmevalproOfficial && <OfficialFiguresPanel o={r.mmevalproOfficial} />}
        {r.official.map((s) => <OfficialScoreCard key={s.scorer} s={s} />)}
        {r.circular && <CircularCard c={r.circular} />}
        {r.trials && <TrialsCard t={r.trials} />}
        {r.vrp && <VrpCard report={r} />}
        {'graded' in (r.accuracy.by.scoring ?? {}) && <GradingPanel runId={runId} />}
        <ExtractionCard report={r} />
      </div>
    </div>
  );
}
