import { Check, TriangleAlert } from 'lucide-react';
import type { Draft, DraftRole, ProblemReason, Verdict } from '@shared/contract';
import { problemReasons } from '@shared/contract/team-entities';
import { optionLabel } from '@shared/domain/options';
import { RoleBadge } from '../../components/RoleBadge';
import { reasonLabels } from '../workflow/reasons';

/** One question as the annotator wrote it, read-only, with the checker's Pass / Problematic, reason and comment. */
export function VerdictForm(props: {
  role: DraftRole; question: Draft; verdict: Verdict | null; onChange(v: Verdict): void; active: boolean; onActivate(): void; disabled: boolean;
  reasonRef?: (el: HTMLSelectElement | null) => void;
}) {
  const { role, question: q, verdict: v } = props;
  const set = (patch: Partial<Verdict>) => props.onChange({ verdict: 'pass', reason: null, comment: '', ...v, ...patch });
  return (
    <section className={`draft verdict${props.active ? ' draft--active' : ''}`} onFocus={props.onActivate} onMouseDown={props.onActivate}
      data-testid={`review.${role}`} aria-label={`${role} question`}>
      <header className="draft__head"><RoleBadge role={role} full /></header>
      <p className="question-card__text">{q.text || <em className="muted">empty</em>}</p>
      <ol className="options">
        {q.options.map((text, i) => (
          <li key={i} className={`option${q.answer === optionLabel(i) ? ' option--correct' : ''}`}>
            <span className="option__label">{optionLabel(i)}</span><span className="option__text">{text}</span>
            {q.answer === optionLabel(i) && <span className="option__mark">answer</span>}
          </li>
        ))}
      </ol>
      {q.rationale && <p className="small muted"><strong>Rationale:</strong> {q.rationale}</p>}
      <div className="verdict__choice">
        <button type="button" className={`verdict__button verdict__button--pass${v?.verdict === 'pass' ? ' verdict__button--on' : ''}`}
          disabled={props.disabled} onClick={() => set({ verdict: 'pass', reason: null })} data-testid={`review.${role}.pass`}>
          <Check size={14} /> Pass <span className="kbd">p</span>
        </button>
        <button type="button" className={`verdict__button verdict__button--problem${v?.verdict === 'problematic' ? ' verdict__button--on' : ''}`}
          disabled={props.disabled} onClick={() => set({ verdict: 'problematic' })} data-testid={`review.${role}.problem`}>
          <TriangleAlert size={14} /> Problematic <span className="kbd">x</span>
        </button>
      </div>
      {v?.verdict === 'problematic' && (
        <div className="verdict__problem">
          <label className="field verdict__reason"><span>Reason</span>
            <select ref={props.reasonRef} value={v.reason ?? ''} disabled={props.disabled} onChange={(e) => set({ reason: (e.target.value || null) as ProblemReason | null })} data-testid={`review.${role}.reason`}>
              <option value="">Pick a reason…</option>
              {problemReasons.map((r) => <option key={r} value={r}>{reasonLabels[r]}</option>)}
            </select>
          </label>
          <label className="field"><span>Comment for the annotator{v.reason === 'other' ? '' : ' (optional)'}</span>
            <textarea rows={2} value={v.comment} disabled={props.disabled} onChange={(e) => set({ comment: e.target.value })} data-testid={`review.${role}.comment`} />
          </label>
        </div>
      )}
    </section>
  );
}
