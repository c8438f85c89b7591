import type { TripletDraft } from '@shared/contract';
import { optionLabel } from '@shared/domain/options';

/** A saved text of both questions, compact: for the history and for comparing texts after a refused save. */
export function DraftSummary(props: { draft: TripletDraft }) {
  return (
    <>
      {(['perception', 'knowledge'] as const).map((role) => {
        const d = props.draft[role];
        return (
          <div key={role} className="draft-summary">
            <div className="muted small">{role}</div>
            <div>{d.text || <em className="muted">empty</em>}</div>
            <div className="muted small">{d.options.map((o, i) => `${optionLabel(i)}. ${o}`).join('   ')} → {d.answer ?? '—'}</div>
            {d.rationale && <div className="small">Rationale: {d.rationale}</div>}
          </div>
        );
      })}
    </>
  );
}
