import type { TrialsPanel } from '@shared/contract';
import { ciText, pct1 } from './format';
import { TableExport } from './TableExport';

const voteText = (votes: Record<string, number>) =>
  Object.entries(votes).sort((a, b) => b[1] - a[1]).map(([answer, n]) => `${answer === '' ? '∅' : answer} ×${n}`).join(', ');

/**
 * VRPTest's repeated trials (METHODS §6.6): the majority vote's accuracy beside the first trial alone, how much the
 * trials agreed, and the questions they split on with every answer's votes.
 */
export function TrialsCard({ t }: { t: TrialsPanel }) {
  const agreement = Object.entries(t.byAgreement).sort((a, b) => Number(b[0].split('/')[0]) - Number(a[0].split('/')[0]));
  return (
    <section className="rcard rcard--wide" data-testid="report.trials">
      <header className="rcard__head">
        <h3>Repeated trials — majority vote</h3>
        <span className="muted small">each question asked {t.trials} times; its majority answer is scored (ties: the answer given first)</span>
        <TableExport testId="report.trials.export" table={() => ({
          name: 'trials-split', columns: ['question', 'majority', 'agreeing', 'tie', 'votes'],
          rows: t.split.map((s) => [s.extId, s.majority, s.agreeing, s.tie, voteText(s.votes)]),
        })} />
      </header>
      <div className="tiles">
        <div className="tile tile--main">
          <span className="stat__label">majority of {t.trials} trials</span>
          <b data-testid="report.trials.majority">{pct1(t.majority.accuracy)}%</b>
          <span className="muted small">95% CI {ciText(t.majority)} · {t.majority.correct}/{t.majority.n}</span>
        </div>
        <div className="tile">
          <span className="stat__label">first trial alone</span>
          <b data-testid="report.trials.first">{pct1(t.firstTrial.accuracy)}%</b>
          <span className="muted small">{t.firstTrial.correct}/{t.firstTrial.n}</span>
        </div>
        <div className="tile">
          <span className="stat__label">mean agreement</span>
          <b data-testid="report.trials.agreement">{pct1(100 * t.meanAgreement)}%</b>
          <span className="muted small">{t.unanimous} unanimous · {t.ties} tie{t.ties === 1 ? '' : 's'} · {t.voted} voted</span>
        </div>
      </div>
      <table className="rtable" aria-label="Questions by how many trials agree">
        <thead><tr><th>trials agreeing</th><th className="num">questions</th></tr></thead>
        <tbody>{agreement.map(([k, n]) => <tr key={k}><td>{k}</td><td className="num">{n}</td></tr>)}</tbody>
      </table>
      {t.splitCount > 0 && (
        <details data-testid="report.trials.split">
          <summary>{t.splitCount} question{t.splitCount === 1 ? '' : 's'} the trials split on{t.split.length < t.splitCount ? ` (first ${t.split.length})` : ''}</summary>
          <table className="rtable">
            <thead><tr><th>question</th><th>majority</th><th className="num">agreeing</th><th>votes</th></tr></thead>
            <tbody>
              {t.split.map((s) => (
                <tr key={s.questionId}>
                  <td className="mono">{s.extId}</td>
                  <td>{s.majority ?? '∅'}{s.tie ? ' (tie)' : ''}</td>
                  <td className="num">{s.agreeing}/{t.trials}</td>
                  <td>{voteText(s.votes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
