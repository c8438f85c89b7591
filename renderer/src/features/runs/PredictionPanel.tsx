import { X } from 'lucide-react';
import { mediaUrl } from '../../api/call';
import { useCall, useMutate } from '../../api/queries';
import { RoleBadge } from '../../components/RoleBadge';

/**
 * One prediction in full: the message as it was sent (images included), the raw reply, what was read from it and how,
 * the judge's log, and a way to correct the reading by hand — the extractor's value stays beside the correction.
 */
export function PredictionPanel(props: { id: number; onClose: () => void }) {
  const p = useCall('runs.prediction', { id: props.id });
  const correct = useMutate('runs.correct');
  if (!p.data) return <aside className="ppanel"><div className="skeleton skeleton--block" /></aside>;
  const d = p.data;
  const answer = d.corrected ?? d.extracted;
  return (
    <aside className="ppanel" data-testid="runs.panel">
      <header className="item-panel__header">
        <div className="button-row"><RoleBadge role={d.role} /><h2>Question {d.position + 1}{d.pass > 0 ? `, pass ${d.pass + 1}` : ''}</h2></div>
        <button className="icon-button" onClick={props.onClose} aria-label="Close"><X size={16} /></button>
      </header>
      <section>
        <h3 className="section-title">Prompt as sent</h3>
        <div className="prompt">
          {d.prompt.length === 0 && <p className="muted small">Answered by a person; no prompt was sent.</p>}
          {d.prompt.map((part, i) => {
            if (part.kind === 'turn') {
              // A few-shot template's turns, sent before the question: labelled by who speaks in them.
              return <div key={i} className="prompt__turn" data-testid="runs.prompt.turn"><span className="muted small">{part.role}</span><pre className="prompt__text">{part.text}</pre></div>;
            }
            return part.kind === 'text'
              ? <pre key={i} className="prompt__text" data-testid="runs.prompt">{part.text}</pre>
              : <img key={i} className="prompt__image" src={mediaUrl(part.hash, false)} alt={`image sent at ${part.width}×${part.height}`} title={`sent at ${part.width}×${part.height}`} />;
          })}
        </div>
      </section>
      <section>
        <h3 className="section-title">Reply</h3>
        {d.error ? <p className="error-box" data-testid="runs.error">{d.error} (after {d.attempts} attempt{d.attempts === 1 ? '' : 's'})</p>
        : <pre className="reply" data-testid="runs.raw">{d.raw}</pre>}
        <dl className="facts">
          <div><dt>Read as</dt><dd data-testid="runs.extracted">{d.extracted ?? '—'}</dd></div>
          <div><dt>How</dt><dd>{d.extraction ?? '—'}</dd></div>
          <div><dt>Gold</dt><dd>{d.gold}</dd></div>
          <div><dt>Outcome</dt><dd><span className={`outcome outcome--${d.outcome}`}>{d.outcome}</span></dd></div>
          {d.latencyMs !== null && <div><dt>Latency</dt><dd>{d.latencyMs} ms</dd></div>}
          {d.tokensIn !== null && <div><dt>Tokens</dt><dd>{d.tokensIn} in / {d.tokensOut} out</dd></div>}
          {d.cached && <div><dt>Source</dt><dd>response cache</dd></div>}
        </dl>
      </section>
      {d.judge.length > 0 && (
        <section>
          <h3 className="section-title">Judge ({d.judge.length} {d.judge.length === 1 ? 'try' : 'tries'})</h3>
          {d.judge.map((j, i) => (
            <details key={i} className="judge-try">
              <summary>Try {i + 1}: {j.error ? <span className="danger">{j.error}</span> : <code>{j.reply}</code>}</summary>
              <pre className="prompt__text">{j.prompt}</pre>
            </details>
          ))}
        </section>
      )}
      {d.outcome !== 'error' && d.options.length > 0 && (
        <section>
          <h3 className="section-title">Correct the reading</h3>
          <div className="button-row wrap">
            {d.options.map((o) => (
              <button key={o.label} className={`option-chip${answer === o.label ? ' option-chip--on' : ''}`} title={o.text}
                onClick={() => correct.mutate({ id: d.id!, label: o.label })} data-testid={`runs.correct.${o.label}`}>
                <b>{o.label}</b> {o.text.length > 28 ? `${o.text.slice(0, 28)}…` : o.text}
              </button>
            ))}
            {d.corrected && <button className="button button--ghost" onClick={() => correct.mutate({ id: d.id!, label: null })}>Undo correction</button>}
          </div>
          {d.corrected && <p className="muted small">Corrected{d.correctedBy ? ` by ${d.correctedBy}` : ''}; the extractor read {d.extracted ?? 'nothing'} ({d.extraction}).</p>}
          {correct.error && <p className="error-box">{correct.error.message}</p>}
        </section>
      )}
    </aside>
  );
}
