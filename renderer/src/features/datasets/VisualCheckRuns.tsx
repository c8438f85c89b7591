import type { RunSummary, VisualRunReadings } from '@shared/contract';

/**
 * The runs of the dataset the check can count (DECISIONS 261, 263): a model's, not executing, one answer per question.
 * Runs scored from a file or re-read are listed too (the list cannot tell them apart); the start refuses them by name.
 */
export function countableRuns(runs: readonly RunSummary[], datasetId: number): RunSummary[] {
  return runs.filter((r) => r.datasetId === datasetId && r.kind === 'model' && r.trials === 1 && r.status !== 'running' && r.status !== 'pending');
}

const side = (images: boolean) => (images ? 'with the image' : 'without the image');
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The dataset's finished runs to tick: each counts as its endpoint's readings, on the side its images setting says. */
export function RunChecks(props: { runs: RunSummary[]; picked: number[]; onToggle: (id: number) => void }) {
  return (
    <fieldset className="visual-check__models" data-testid="visualCheck.runs">
      <legend>Runs that already exist (their answers count; nothing is asked again)</legend>
      {props.runs.map((r) => (
        <label key={r.id} className="check check--wide">
          <input type="checkbox" checked={props.picked.includes(r.id)} onChange={() => props.onToggle(r.id)} data-testid={`visualCheck.run.${r.id}`} />
          {' '}{r.name} <span className="muted small">— {r.endpoint}, {side(r.images)}, {r.templateName}, {when(r.finishedAt ?? r.createdAt)}</span>
        </label>
      ))}
      {props.runs.length === 0 && <p className="muted small">No finished run of this dataset yet.</p>}
    </fieldset>
  );
}

/** What each ticked run gave, shown once the check has started: readings taken, and those stale or left to a newer run. */
export function RunReadingsSummary(props: { fromRuns: VisualRunReadings[] }) {
  return (
    <ul className="small" data-testid="visualCheck.fromRuns">
      {props.fromRuns.map((r) => (
        <li key={r.runId} data-testid={`visualCheck.fromRun.${r.runId}`}>
          {r.name}: {r.taken} reading(s) of {r.model} {side(r.images)} taken (template {r.template})
          {r.stale > 0 && `; ${r.stale} stale, the question revised since`}
          {r.superseded > 0 && `; ${r.superseded} left to a newer reading`}
        </li>
      ))}
    </ul>
  );
}
