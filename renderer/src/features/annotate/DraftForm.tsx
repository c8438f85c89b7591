import { useRef } from 'react';
import { Check, Plus, X } from 'lucide-react';
import type { Draft, DraftRole, Review } from '../../../../shared/contract';
import { optionLabel } from '../../../../shared/domain/options';
import { MAX_DRAFT_OPTIONS, type DraftIssue } from '../../../../shared/domain/triplet-validation';
import { RoleBadge } from '../../components/RoleBadge';
import { ReviewNotes } from './ReviewNotes';

const purpose: Record<DraftRole, string> = {
  perception: 'Ask about what the image shows — what a model must see to answer the original.',
  knowledge: 'Ask about the knowledge or reasoning the original needs, beyond the picture.',
};

/** One question of the triplet: text, 2–10 options with the correct one marked, and an optional rationale. */
export function DraftForm(props: {
  role: DraftRole;
  draft: Draft;
  onChange(d: Draft): void;
  issues: DraftIssue[];
  showIssues: boolean;
  active: boolean;
  onActivate(): void;
  disabled: boolean;
  notes: Review[];
}) {
  const { role, draft, onChange, disabled } = props;
  const optionRefs = useRef<(HTMLInputElement | null)[]>([]);
  const issue = (field: string) => (props.showIssues ? props.issues.find((i) => i.field === field)?.message : undefined);
  const setOption = (i: number, text: string) => onChange({ ...draft, options: draft.options.map((o, j) => (j === i ? text : o)) });
  const addOption = (after = draft.options.length - 1) => {
    if (draft.options.length >= MAX_DRAFT_OPTIONS) return;
    const options = [...draft.options.slice(0, after + 1), '', ...draft.options.slice(after + 1)];
    // The answer follows its option's text when a new option is inserted above it.
    const answerIndex = draft.answer ? draft.answer.charCodeAt(0) - 65 : -1;
    const answer = answerIndex > after ? optionLabel(answerIndex + 1) : draft.answer;
    onChange({ ...draft, options, answer });
    requestAnimationFrame(() => optionRefs.current[after + 1]?.focus());
  };
  const removeOption = (i: number) => {
    const answerIndex = draft.answer ? draft.answer.charCodeAt(0) - 65 : -1;
    const answer = answerIndex === i ? null : answerIndex > i ? optionLabel(answerIndex - 1) : draft.answer;
    onChange({ ...draft, options: draft.options.filter((_, j) => j !== i), answer });
  };
  return (
    <section className={`draft${props.active ? ' draft--active' : ''}`} onFocus={props.onActivate} onMouseDown={props.onActivate}
      data-testid={`draft.${role}`} aria-label={`${role} question`}>
      <header className="draft__head">
        <RoleBadge role={role} full />
        <span className="muted small">{purpose[role]}</span>
      </header>
      <ReviewNotes role={role} reviews={props.notes} />
      <label className="field">
        <span>Question</span>
        <textarea rows={2} value={draft.text} disabled={disabled} onChange={(e) => onChange({ ...draft, text: e.target.value })}
          aria-invalid={Boolean(issue('text'))} data-testid={`draft.${role}.text`} placeholder={role === 'perception' ? 'e.g. What is written on the sign?' : 'e.g. Which law explains…?'} />
        {issue('text') && <em className="field-error">{issue('text')}</em>}
      </label>
      <div className="field">
        <span>Options <span className="muted">— click a letter to mark the correct one</span></span>
        <ol className="draft__options">
          {draft.options.map((text, i) => {
            const label = optionLabel(i);
            const correct = draft.answer === label;
            return (
              <li key={i} className={`draft__option${correct ? ' draft__option--correct' : ''}`}>
                <button type="button" className="draft__label" disabled={disabled} onClick={() => onChange({ ...draft, answer: label })}
                  aria-pressed={correct} title={`Mark ${label} correct (${i + 1})`} data-testid={`draft.${role}.answer.${label}`}>
                  {correct ? <Check size={13} /> : label}
                </button>
                <input ref={(el) => { optionRefs.current[i] = el; }} value={text} disabled={disabled} onChange={(e) => setOption(i, e.target.value)}
                  onKeyDown={(e) => { if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) { e.preventDefault(); addOption(i); } }}
                  aria-invalid={Boolean(issue(`options.${i}`))} placeholder={`Option ${label}`} data-testid={`draft.${role}.option.${i}`} />
                {draft.options.length > 2 && !disabled && (
                  <button type="button" className="icon-button" onClick={() => removeOption(i)} aria-label={`Remove option ${label}`}><X size={13} /></button>
                )}
                {issue(`options.${i}`) && <em className="field-error draft__option-error">{issue(`options.${i}`)}</em>}
              </li>
            );
          })}
        </ol>
        {issue('options') && <em className="field-error">{issue('options')}</em>}
        {issue('answer') && <em className="field-error">{issue('answer')}</em>}
        {!disabled && draft.options.length < MAX_DRAFT_OPTIONS && (
          <button type="button" className="button button--ghost draft__add" onClick={() => addOption()} data-testid={`draft.${role}.addOption`}>
            <Plus size={13} /> Add option <span className="kbd">Alt+O</span>
          </button>
        )}
      </div>
      <label className="field">
        <span>Rationale <span className="muted">(optional — why the answer is right)</span></span>
        <textarea rows={1} value={draft.rationale} disabled={disabled} onChange={(e) => onChange({ ...draft, rationale: e.target.value })} data-testid={`draft.${role}.rationale`} />
      </label>
    </section>
  );
}
