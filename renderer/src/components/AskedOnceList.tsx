import type { RunPlan } from '@shared/contract';

/**
 * The questions CircularEval asks once, each with its own reason (the rules differ: several answers, options naming
 * labels, an imported circular file…), so a person can check or fix them; `total` counts those beyond the list.
 */
export function AskedOnceList(props: { askedOnce: RunPlan['askedOnce']; total: number; testId: string }) {
  if (props.askedOnce.length === 0) return null;
  const unlisted = props.total - props.askedOnce.length;
  return (
    <details className="asked-once small" data-testid={props.testId}>
      <summary>Why {props.total} question{props.total === 1 ? ' is' : 's are'} asked once under CircularEval</summary>
      <ul>
        {props.askedOnce.map((q) => <li key={q.questionId}><span className="mono">item {q.extId}</span>: {q.reason}</li>)}
      </ul>
      {unlisted > 0 && <p className="muted">… and {unlisted} more.</p>}
    </details>
  );
}
