import { useEffect, useLayoutEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Check, Plus, X } from 'lucide-react';
import type { Draft, DraftRole, Review } from '@shared/contract';
import { optionLabel } from '@shared/domain/options';
import { MAX_DRAFT_OPTIONS, type DraftIssue } from '@shared/domain/triplet-validation';
import { RoleBadge } from '../../components/RoleBadge';
import { addOptionAtEnd, backspaceInOption, enterInOption, removeOption, type OptionEdit } from './option-editing';
import { optionKeyAction, visibleIssue } from './draft-form-rules';
import { ReviewNotes } from './ReviewNotes';
import { BlindFlag } from './BlindFlag';

const purpose: Record<DraftRole, string> = {
  perception: 'Ask about what the image shows — what a model must see to answer the original.',
  knowledge: 'Ask about the knowledge or reasoning the original needs, beyond the picture.',
};

/** Each question's "add an option and type in it" (Alt+O), by role: the screen calls the active question's. */
export type OptionAdders = MutableRefObject<Partial<Record<DraftRole, () => void>>>;

/**
 * Which fields' problems to show: a field's own once it has been left (blurred), all of them once submit was tried.
 * Nothing is flagged while it is being typed.
 */
function useTouched(resetKey: unknown) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setTouched(new Set()), [resetKey]);
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  return { touched, touch, reset: () => setTouched(new Set()) };
}

type Apply = (edit: OptionEdit | null) => boolean;

/**
 * Applies option edits and moves the focus where each edit says. The edit is drawn at once (`flushSync`) and the
 * field focused in the same task as the key that asked for it, so keys typed right after Alt+O or Enter, at any speed,
 * land in the new field; a focus left pending in state would instead fire later, wherever the person had moved on to.
 */
function useOptionFocus(role: DraftRole, draft: Draft, onChange: (d: Draft) => void, adders: OptionAdders) {
  const optionRefs = useRef<(HTMLInputElement | null)[]>([]);
  const rationaleRef = useRef<HTMLTextAreaElement>(null);
  const apply: Apply = (edit) => {
    if (!edit) return false;
    if (edit.draft !== draft) flushSync(() => onChange(edit.draft));
    if (edit.focus === 'rationale') rationaleRef.current?.focus();
    else if (edit.focus !== null) optionRefs.current[edit.focus]?.focus();
    return true;
  };
  // Re-registered after every render, so the screen's Alt+O always edits the draft as last drawn.
  useLayoutEffect(() => {
    adders.current[role] = () => apply(addOptionAtEnd(draft));
    return () => { delete adders.current[role]; };
  });
  return { optionRefs, rationaleRef, apply };
}

interface OptionsProps {
  role: DraftRole;
  draft: Draft;
  onChange(d: Draft): void;
  disabled: boolean;
  issue(field: string, own?: boolean): string | undefined;
  touch(field: string): void;
  reset(): void;
  focus: ReturnType<typeof useOptionFocus>;
}

/** One option: its letter (click marks it correct), its text, and a remove button. */
function OptionRow(props: OptionsProps & { i: number; text: string }) {
  const { role, draft, onChange, disabled, i, focus: { optionRefs, apply } } = props;
  const label = optionLabel(i);
  const correct = draft.answer === label;
  const error = props.issue(`options.${i}`);
  const setOption = (text: string) => onChange({ ...draft, options: draft.options.map((o, j) => (j === i ? text : o)) });
  const onOptionKey = (e: React.KeyboardEvent) => {
    const action = optionKeyAction(e);
    if (action === 'markCorrect') { e.preventDefault(); onChange({ ...draft, answer: label }); } else if (action === 'enter') { e.preventDefault(); apply(enterInOption(draft, i)); } else if (action === 'backspace' && apply(backspaceInOption(draft, i))) { e.preventDefault(); props.reset(); }
  };
  return (
    <li className={`draft__option${correct ? ' draft__option--correct' : ''}`}>
      {/* Out of the Tab order with the remove button, so Tab goes from text to text and never changes with the options. */}
      <button type="button" className="draft__label" tabIndex={-1} disabled={disabled} onClick={() => onChange({ ...draft, answer: label })}
        aria-pressed={correct} aria-label={`Option ${label} is correct`} title={`Mark ${label} correct (Alt+Enter in its field)`} data-testid={`draft.${role}.answer.${label}`}>
        {correct ? <Check size={13} /> : label}
      </button>
      <input ref={(el) => { optionRefs.current[i] = el; }} value={props.text} disabled={disabled} onChange={(e) => setOption(e.target.value)}
        onKeyDown={onOptionKey} onBlur={() => props.touch(`options.${i}`)}
        aria-invalid={Boolean(error)} aria-label={`Option ${label}`} placeholder={`Option ${label}`} data-testid={`draft.${role}.option.${i}`} />
      {/* Backspace in an empty option removes it from the keyboard. */}
      <button type="button" className="icon-button draft__remove" tabIndex={-1} onClick={() => apply(removeOption(draft, i))}
        disabled={disabled || draft.options.length <= 2} aria-label={`Remove option ${label}`} title="Remove (Backspace in an empty option)">
        <X size={13} />
      </button>
      {error && <em className="field-error draft__option-error">{error}</em>}
    </li>
  );
}

/** The options list with its form-wide problems and the add button. */
function OptionsField(props: OptionsProps) {
  const { role, draft, disabled, issue } = props;
  return (
    <div className="field">
      <span>Options <span className="muted">— Enter goes to the next; Alt+Enter (or its letter) marks the correct one</span></span>
      <ol className="draft__options">
        {draft.options.map((text, i) => <OptionRow key={i} {...props} i={i} text={text} />)}
      </ol>
      {issue('options', false) && <em className="field-error">{issue('options', false)}</em>}
      {issue('answer', false) && <em className="field-error">{issue('answer', false)}</em>}
      {!disabled && draft.options.length < MAX_DRAFT_OPTIONS && (
        <button type="button" className="button button--ghost draft__add" onClick={() => props.focus.apply(addOptionAtEnd(draft))} data-testid={`draft.${role}.addOption`}>
          <Plus size={13} /> Add option <span className="kbd">Alt+O</span>
        </button>
      )}
    </div>
  );
}

/** One question of the triplet: text, 2–10 options with the correct one marked, and an optional rationale. */
export function DraftForm(props: {
  role: DraftRole;
  draft: Draft;
  onChange(d: Draft): void;
  issues: DraftIssue[];
  tried: boolean;
  itemId: number;
  active: boolean;
  onActivate(): void;
  disabled: boolean;
  notes: Review[];
  /** Whether the person may reply under the checkers' comments. */
  canReply: boolean;
  adders: OptionAdders;
  /** The question's text field, for the screen to focus (the first field after submit-and-advance). */
  textRef?: RefObject<HTMLTextAreaElement | null> | undefined;
}) {
  const { role, draft, onChange, disabled } = props;
  const focus = useOptionFocus(role, draft, onChange, props.adders);
  const { touched, touch, reset } = useTouched(props.itemId);
  const issue = (field: string, own = true) => visibleIssue(props.issues, field, { tried: props.tried, touched }, own);
  return (
    <div className={`draft${props.active ? ' draft--active' : ''}`} onFocus={props.onActivate} onMouseDown={props.onActivate}
      data-testid={`draft.${role}`} aria-label={`${role} question`} role="form">
      <header className="draft__head">
        <RoleBadge role={role} full />
        <span className="muted small">{purpose[role]}</span>
      </header>
      <ReviewNotes role={role} reviews={props.notes} canReply={props.canReply} />
      <BlindFlag itemId={props.itemId} role={role} />
      <label className="field">
        <span>Question</span>
        <textarea ref={props.textRef} rows={2} value={draft.text} disabled={disabled} onChange={(e) => onChange({ ...draft, text: e.target.value })} onBlur={() => touch('text')}
          aria-invalid={Boolean(issue('text'))} data-testid={`draft.${role}.text`} placeholder={role === 'perception' ? 'e.g. What is written on the sign?' : 'e.g. Which law explains…?'} />
        {issue('text') && <em className="field-error">{issue('text')}</em>}
      </label>
      <OptionsField role={role} draft={draft} onChange={onChange} disabled={disabled} issue={issue} touch={touch} reset={reset} focus={focus} />
      <label className="field">
        <span>Rationale <span className="muted">(optional — why the answer is right)</span></span>
        <textarea ref={focus.rationaleRef} rows={1} value={draft.rationale} disabled={disabled} onChange={(e) => onChange({ ...draft, rationale: e.target.value })} data-testid={`draft.${role}.rationale`} />
      </label>
    </div>
  );
}
