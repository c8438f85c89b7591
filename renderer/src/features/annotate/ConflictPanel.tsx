import { GitMerge } from 'lucide-react';
import type { Triplet, TripletDraft } from '@shared/contract';
import { DraftSummary } from './DraftSummary';
import type { Conflict } from './useTripletEditor';

function Side(props: { title: string; draft: TripletDraft }) {
  return (
    <div className="conflict__side">
      <div className="section-title">{props.title}</div>
      <DraftSummary draft={props.draft} />
    </div>
  );
}

/** A refused save: both texts side by side, and the two ways out. Yours is already kept as a revision. */
export function ConflictPanel(props: { conflict: Conflict; theirs: Triplet | undefined; onResolve(keep: 'mine' | 'theirs'): void }) {
  return (
    <section className="conflict" role="alert" data-testid="annotate.conflict">
      <header className="conflict__head"><GitMerge size={16} /> <strong>Someone else saved this triplet</strong></header>
      <p className="small">{props.conflict.message}</p>
      <div className="conflict__sides">
        {props.theirs && <Side title={`Theirs (version ${props.theirs.version})`} draft={props.theirs.draft} />}
        <Side title="Yours (not saved)" draft={props.conflict.mine} />
      </div>
      <div className="button-row">
        <button className="button button--primary" onClick={() => props.onResolve('mine')} data-testid="conflict.mine">Keep mine on top of theirs</button>
        <button className="button" onClick={() => props.onResolve('theirs')} data-testid="conflict.theirs">Take theirs</button>
        <span className="muted small">Either way, both texts stay in the history.</span>
      </div>
    </section>
  );
}
