import { useState } from 'react';
import { History, RotateCcw, X } from 'lucide-react';
import type { Revision } from '@shared/contract';
import { useCall } from '../../api/queries';
import { DraftSummary } from './DraftSummary';
import { RoundDiffView } from '../workflow/RoundDiffView';

/** What changed in one resubmission, fetched when asked for. */
function RoundChanges(props: { itemId: number; round: number }) {
  const diff = useCall('triplets.roundDiff', { itemId: props.itemId, round: props.round });
  if (diff.error) return <p className="error-box">{diff.error.message}</p>;
  return diff.data ? <RoundDiffView diff={diff.data} /> : <p className="muted small">Loading…</p>;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every revision of the triplet, newest first; a saved text can be previewed and restored as a new revision. */
export function HistoryPanel(props: { itemId: number; canRestore: boolean; onRestore(r: Revision): void; onClose(): void }) {
  const history = useCall('triplets.history', { itemId: props.itemId });
  const [open, setOpen] = useState<number | null>(null);
  const [diffOf, setDiffOf] = useState<number | null>(null);
  return (
    <aside className="history" data-testid="history.panel" aria-label="Revision history">
      <header className="history__head">
        <History size={15} /> <strong>History</strong>
        <button className="icon-button" onClick={props.onClose} aria-label="Close history (h)"><X size={14} /></button>
      </header>
      <ol className="history__list">
        {(history.data ?? []).map((r) => (
          <li key={r.id} className={`history__row history__row--${r.action}`}>
            <button className="history__summary" onClick={() => setOpen(open === r.id ? null : r.id)} disabled={!r.draft} data-testid={`history.${r.action}`}>
              <span className="history__action">{r.action}{r.version ? ` · v${r.version}` : ''}</span>
              <span className="muted small">{r.user ?? 'owner'} · {when(r.at)}</span>
              {r.note && <span className="small">{r.note}</span>}
            </button>
            {r.round !== null && r.round >= 2 && (
              <button className="link-button small" onClick={() => setDiffOf(diffOf === r.id ? null : r.id)} data-testid="history.diff" aria-expanded={diffOf === r.id}>
                {diffOf === r.id ? 'Hide changes' : `What changed since round ${r.round - 1}`}
              </button>
            )}
            {diffOf === r.id && r.round !== null && <div className="history__preview"><RoundChanges itemId={props.itemId} round={r.round} /></div>}
            {open === r.id && r.draft && (
              <div className="history__preview">
                <DraftSummary draft={r.draft} />
                {props.canRestore && (
                  <button className="button" onClick={() => props.onRestore(r)} data-testid="history.restore"><RotateCcw size={13} /> Restore this text</button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    </aside>
  );
}
