import type { RunSummary } from '@shared/contract';
import { useRuns } from '../../stores/runs';
import { shownAccuracy } from './format';
import { RunStatusBadge } from './RunStatusBadge';

/** Every run of the project, newest first, with its status and accuracy so far. */
export function RunList(props: { runs: RunSummary[] }) {
  const { runId, selectRun } = useRuns();
  return (
    <nav className="run-list" aria-label="Runs" data-testid="runs.list">
      {props.runs.map((r) => (
        <button key={r.id} className={`run-list__item${r.id === runId ? ' run-list__item--active' : ''}`} onClick={() => selectRun(r.id)}
          data-testid="runs.item" data-run-id={r.id}>
          <span className="run-list__name" title={r.name}>{r.name}</span>
          <span className="run-list__meta">
            <RunStatusBadge run={r} testId="runs.item.status" />
            <span className="muted">{r.answered.toLocaleString()}/{r.units.toLocaleString()}</span>
            <span className="run-list__acc" title={r.circular ? 'per pass; CircularEval accuracy (every pass right) is in Reports' : 'accuracy so far'}>{shownAccuracy(r)}</span>
          </span>
          <span className="run-list__bar" style={{ width: `${r.units ? (100 * (r.answered + r.errors)) / r.units : 0}%` }} />
        </button>
      ))}
    </nav>
  );
}
