import type { Draft } from '@shared/contract';
import { optionLabel } from '@shared/domain/options';
import { MAX_DRAFT_OPTIONS } from '@shared/domain/triplet-validation';

/** Where focus goes after an edit: an option by index, the rationale after the last option, or nowhere new. */
export type OptionFocus = number | 'rationale' | null;

export interface OptionEdit {
  draft: Draft;
  focus: OptionFocus;
}

const answerIndex = (draft: Draft) => (draft.answer ? draft.answer.charCodeAt(0) - 65 : -1);

/** A new empty option after `after`; the marked answer follows its option's text when one is inserted above it. */
export function insertOption(draft: Draft, after: number): OptionEdit {
  if (draft.options.length >= MAX_DRAFT_OPTIONS) return { draft, focus: null };
  const options = [...draft.options.slice(0, after + 1), '', ...draft.options.slice(after + 1)];
  const marked = answerIndex(draft);
  const answer = marked > after ? optionLabel(marked + 1) : draft.answer;
  return { draft: { ...draft, options, answer }, focus: after + 1 };
}

/** Removes an option (never below two); the answer follows its text, or is cleared with it. */
export function removeOption(draft: Draft, index: number): OptionEdit {
  if (draft.options.length <= 2) return { draft, focus: null };
  const marked = answerIndex(draft);
  const answer = marked === index ? null : marked > index ? optionLabel(marked - 1) : draft.answer;
  return { draft: { ...draft, options: draft.options.filter((_, j) => j !== index), answer }, focus: Math.max(0, index - 1) };
}

/**
 * Enter in an option moves on, as in any good form: to the next option; from the last one, to a new option only
 * when the last holds text (an empty option would block submitting), else on to the rationale.
 */
export function enterInOption(draft: Draft, index: number): OptionEdit {
  const last = draft.options.length - 1;
  if (index < last) return { draft, focus: index + 1 };
  if (draft.options[index]!.trim() === '' || draft.options.length >= MAX_DRAFT_OPTIONS) return { draft, focus: 'rationale' };
  return insertOption(draft, index);
}

/** Alt+O: a new option at the end, focused; an empty last option is reused rather than followed by another. */
export function addOptionAtEnd(draft: Draft): OptionEdit {
  const last = draft.options.length - 1;
  if (last >= 0 && draft.options[last]!.trim() === '') return { draft, focus: last };
  return insertOption(draft, last);
}

/** Backspace in an empty option removes it (when more than two are left) and goes back to the one above. */
export function backspaceInOption(draft: Draft, index: number): OptionEdit | null {
  if (draft.options[index] !== '' || draft.options.length <= 2) return null;
  return removeOption(draft, index);
}
