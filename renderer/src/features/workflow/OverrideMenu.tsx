import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { Triplet } from '@shared/contract';
import { overrideTargets, statusLabels, type OverrideTarget } from '@shared/domain/triplet-state';
import { useMutate } from '../../api/queries';

/** A lead moves a triplet to another state; the reason is required and kept in its history. */
export function OverrideMenu(props: { triplet: Triplet }) {
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<OverrideTarget>('accepted');
  const [reason, setReason] = useState('');
  const override = useMutate('triplets.override');
  if (!props.triplet.can.override) return null;
  return (
    <div className="override">
      <button className="button button--ghost" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="override.open" title="Lead: move this triplet to another state">
        <ShieldAlert size={14} /> Override
      </button>
      {open && (
        <form className="override__form" onSubmit={(e) => {
          e.preventDefault();
          override.mutate({ itemId: props.triplet.itemId, to, reason }, { onSuccess: () => { setOpen(false); setReason(''); } });
        }}>
          <label className="field"><span>Move to</span>
            <select value={to} onChange={(e) => setTo(e.target.value as OverrideTarget)} data-testid="override.to">
              {overrideTargets.map((t) => <option key={t} value={t}>{statusLabels[t]}</option>)}
            </select>
          </label>
          <label className="field"><span>Reason (kept in the history)</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} autoFocus data-testid="override.reason" />
          </label>
          {override.error && <p className="danger small" role="alert">{override.error.message}</p>}
          <div className="button-row">
            <button className="button button--primary" disabled={!reason.trim() || override.isPending} data-testid="override.apply">Apply</button>
            <button type="button" className="button" onClick={() => setOpen(false)}>Cancel</button>
          </div>
        </form>
      )}
    </div>
  );
}
