import { Pause, Play, RotateCcw, Square, Trash2 } from 'lucide-react';
import type { RunSummary } from '@shared/contract';
import { CallError } from '../../api/call';
import { useMutate } from '../../api/queries';
import { ProgressBar } from '../../components/ProgressBar';
import { EndpointChangeNotice } from './EndpointChangeNotice';
import { RunExport } from './RunExport';
import { compact, duration, money, resumable, shownAccuracy } from './format';
import { RunStatusBadge } from './RunStatusBadge';

function Stat(props: { label: string; value: string; tone?: 'ok' | 'danger' | 'warn'; testId?: string }) {
  return (
    <div className="stat" data-testid={props.testId}>
      <span className="stat__label">{props.label}</span>
      <span className={`stat__value${props.tone ? ` stat__value--${props.tone}` : ''}`}>{props.value}</span>
    </div>
  );
}

/** A run's state at a glance with its controls: progress, rate, ETA, tokens, cost, errors; pause, resume, retry. */
export function RunHeader(props: { run: RunSummary }) {
  const r = props.run;
  const pause = useMutate('runs.pause');
  const cancel = useMutate('runs.cancel');
  const resume = useMutate('runs.resume');
  const retry = useMutate('runs.retryErrors');
  const remove = useMutate('runs.delete');
  const done = r.answered + r.errors;
  const live = r.live;
  const busy = pause.isPending || cancel.isPending || resume.isPending || retry.isPending;
  const error = pause.error ?? cancel.error ?? resume.error ?? retry.error ?? remove.error;
  return (
    <section className="run-header" data-testid="runs.header" data-status={r.status}>
      <div className="run-header__title">
        <div>
          <h2>{r.name}</h2>
          <div className="muted small">
            {r.kind === 'model' ? <>{r.model} via <code>{r.endpoint}</code></> : r.kind === 'random' ? 'Seeded random-guess baseline' : 'Human evaluation'}
            {' · '}{r.datasetName} · {r.templateName} <span className="hash">#{r.templateHash}</span>
            {r.circular && ' · CircularEval'}{!r.images && ' · images withheld'}
          </div>
        </div>
        <div className="button-row">
          {r.status === 'running' && live && (
            <>
              <button className="button" disabled={busy} onClick={() => pause.mutate({ id: r.id })} data-testid="runs.pause" title="Pause (space)"><Pause size={14} /> Pause</button>
              <button className="button" disabled={busy} onClick={() => cancel.mutate({ id: r.id })} data-testid="runs.cancel"><Square size={14} /> Cancel</button>
            </>
          )}
          {resumable(r) && (
            <button className="button button--primary" disabled={busy} onClick={() => resume.mutate({ id: r.id })} data-testid="runs.resume" title="Resume (space)">
              <Play size={14} /> Resume
            </button>
          )}
          {!live && !r.executor && r.errors > 0 && (
            <button className="button" disabled={busy} onClick={() => retry.mutate({ id: r.id })} data-testid="runs.retry" title="Retry errors (e)">
              <RotateCcw size={14} /> Retry {r.errors} error{r.errors === 1 ? '' : 's'}
            </button>
          )}
          {!r.scoresWithheld && <RunExport runId={r.id} />}
          {!live && !r.executor && (
            <button className="icon-button" aria-label="Delete run" title="Delete run"
              onClick={() => window.confirm(`Delete run "${r.name}" and its ${r.answered} answers?`) && remove.mutate({ id: r.id })}>
              <Trash2 size={15} />
            </button>
          )}
        </div>
      </div>
      <div className="run-header__progress">
        <ProgressBar value={r.units ? done / r.units : 0} label="Run progress" testId="runs.progress" />
        <RunStatusBadge run={r} testId="runs.status" />
      </div>
      <div className="stats">
        <Stat label="Answered" value={`${r.answered.toLocaleString()} / ${r.units.toLocaleString()}`} testId="runs.answered" />
        {/* Counted per request here; under CircularEval a question is right only when every pass is (see Reports). */}
        <Stat label={r.circular ? 'Accuracy per pass' : 'Accuracy'} value={shownAccuracy(r)} tone="ok" testId="runs.accuracy" />
        <Stat label="Unreadable" value={r.failedExtraction.toLocaleString()} tone={r.failedExtraction ? 'warn' : undefined} />
        <Stat label="Errors" value={r.errors.toLocaleString()} tone={r.errors ? 'danger' : undefined} testId="runs.errors" />
        {live && <Stat label="Rate" value={`${live.rate.toFixed(1)}/s`} />}
        {live && <Stat label="ETA" value={duration(live.etaSeconds)} />}
        {live && live.waitingMs > 0 && <Stat label="Rate-limited" value={`wait ${duration(live.waitingMs / 1000)}`} tone="warn" />}
        {r.kind === 'model' && <Stat label="Tokens in / out" value={`${compact(r.tokensIn)} / ${compact(r.tokensOut)}`} />}
        {r.kind === 'model' && <Stat label="Cost" value={money(r.cost)} />}
        {r.kind === 'model' && <Stat label="From cache" value={r.cached.toLocaleString()} />}
      </div>
      {r.executor && (
        <p className="muted small" data-testid="runs.executor">
          Running in process {r.executor.pid} on {r.executor.host} since {new Date(r.executor.since).toLocaleString()}; pause or cancel it there.
        </p>
      )}
      {r.error && <p className="error-box" data-testid="runs.reason">{r.ending === 'failed' ? 'Failed: ' : ''}{r.error}</p>}
      {resume.error || retry.error ? (
        <EndpointChangeNotice error={resume.error ?? retry.error} busy={busy}
          onAccept={() => (resume.error ? resume : retry).mutate({ id: r.id, acceptEndpointChange: true })} />
      ) : null}
      {error && !(error instanceof CallError && error.code === 'endpoint_changed') && <p className="error-box">{error.message}</p>}
    </section>
  );
}
