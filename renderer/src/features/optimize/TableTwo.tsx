import { useCall } from '../../api/queries';

const pct = (x: number) => `${(x * 100).toFixed(1)}`;

/** TP-Eval's Table 2: per model the original and customised scores, tasks improved and mean improvement; per task below. */
export function TableTwo() {
  const report = useCall('optimizations.report');
  const data = report.data;
  if (!data || data.tasks.length === 0) {
    return <p className="muted prompts-note" data-testid="prompts.report.empty">No optimisation has been evaluated on its test set yet: open one and press “Evaluate with this prompt” (e).</p>;
  }
  return (
    <div className="table-two" data-testid="prompts.report">
      <h2>Original vs customised prompts (test sets)</h2>
      <table className="rtable">
        <thead><tr><th>model</th><th>tasks</th><th>original score</th><th>TP-Eval score</th><th>improved tasks</th><th>mean improvement</th></tr></thead>
        <tbody>
          {data.models.map((m) => (
            <tr key={m.model}>
              <td>{m.model}</td><td>{m.tasks}</td><td>{pct(m.original)}</td><td><strong>{pct(m.customised)}</strong></td><td>{m.improved}</td>
              <td title="mean of customised / original − 1 over the improved tasks">{m.meanImprovement === null ? '—' : `${(m.meanImprovement * 100).toFixed(1)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Per task</h3>
      <table className="rtable">
        <thead><tr><th>model</th><th>task</th><th>original</th><th>customised</th><th>change</th></tr></thead>
        <tbody>
          {data.tasks.map((t) => (
            <tr key={t.optimizationId}>
              <td>{t.model}</td><td>{t.task}</td><td>{pct(t.original)}</td><td>{pct(t.customised)}</td>
              <td className={t.customised > t.original ? 'ok' : t.customised < t.original ? 'bad' : ''}>{t.customised >= t.original ? '+' : ''}{pct(t.customised - t.original)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
