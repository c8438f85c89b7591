import type { RunSummary } from '@shared/contract';
import { runEndingLabel } from '@shared/domain/run-ending';
import { statusLabel } from './format';

/**
 * A run's state as a badge: while it is under way its status; once it ended, how — finished, finished with errors
 * (how many), or failed (the reason in its title and on the run page) — each with its own colour.
 */
export function RunStatusBadge(props: { run: Pick<RunSummary, 'status' | 'ending' | 'errors' | 'error'>; testId?: string }) {
  const { status, ending, errors, error } = props.run;
  if (ending === null) return <span className={`status status--${status}`} data-testid={props.testId}>{statusLabel[status]}</span>;
  return (
    <span className={`status status--${ending}`} title={ending === 'failed' ? error ?? undefined : undefined} data-ending={ending} data-testid={props.testId}>
      {runEndingLabel(ending, errors)}
    </span>
  );
}
