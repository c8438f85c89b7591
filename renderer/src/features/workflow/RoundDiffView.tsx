import type { DiffPart, QuestionDiff, RoundDiff } from '@shared/contract';

function Parts(props: { parts: DiffPart[]; block?: boolean }) {
  if (props.parts.length === 0) return <span className="muted">(empty)</span>;
  return (
    <>
      {props.parts.map((p, i) => {
        const body = props.block ? <span className="diff__line">{p.text}</span> : p.text;
        return p.op === 'add' ? <ins key={i} className="diff__add">{body}</ins>
          : p.op === 'del' ? <del key={i} className="diff__del">{body}</del>
          : <span key={i}>{body}</span>;
      })}
    </>
  );
}

function QuestionChanges(props: { role: 'perception' | 'knowledge'; diff: QuestionDiff }) {
  const d = props.diff;
  return (
    <section className="diff__question" data-testid={`diff.${props.role}`}>
      <div className="section-title">{props.role}{d.changed ? '' : ' — unchanged'}</div>
      {d.changed && (
        <dl className="diff__fields">
          <dt>Question</dt><dd><Parts parts={d.text} /></dd>
          <dt>Options</dt><dd className="diff__options"><Parts parts={d.options} block /></dd>
          <dt>Answer</dt>
          <dd>{d.answer.before === d.answer.after ? d.answer.after ?? '—'
          : <><del className="diff__del">{d.answer.before ?? '—'}</del> → <ins className="diff__add">{d.answer.after ?? '—'}</ins></>}</dd>
          <dt>Rationale</dt><dd><Parts parts={d.rationale} /></dd>
        </dl>
      )}
    </section>
  );
}

/** What the annotator changed between two review rounds: removed text struck through, added text underlined. */
export function RoundDiffView(props: { diff: RoundDiff }) {
  return (
    <div className="diff" data-testid="diff.view">
      <p className="muted small">Changes from round {props.diff.from} to round {props.diff.to}: <del className="diff__del">removed</del> · <ins className="diff__add">added</ins></p>
      <QuestionChanges role="perception" diff={props.diff.perception} />
      <QuestionChanges role="knowledge" diff={props.diff.knowledge} />
    </div>
  );
}
