/** A determinate bar (0–1) with an accessible value; indeterminate when `value` is null. */
export function ProgressBar(props: { value: number | null; label?: string; testId?: string }) {
  const pct = props.value === null ? null : Math.max(0, Math.min(100, props.value * 100));
  return (
    <div
      className={`progress${pct === null ? ' progress--indeterminate' : ''}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct === null ? undefined : Math.round(pct)}
      aria-label={props.label}
      data-testid={props.testId}
    >
      <div className="progress__fill" style={pct === null ? undefined : { width: `${pct}%` }} />
    </div>
  );
}
