import type { Draft, DraftRole, TripletDraft } from '../contract/team-entities';
import { optionLabel } from './options';

export const MIN_DRAFT_OPTIONS = 2;
export const MAX_DRAFT_OPTIONS = 10;

export interface DraftIssue {
  role: DraftRole;
  /** `text`, `answer`, `options` or `options.<index>`: where the form shows the message. */
  field: string;
  message: string;
}

const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The MMEvalPro guidelines as checks on one question: non-empty, 2–10 distinct options, the answer one of them, and
 * not the original question copied (a perception or knowledge question must ask something new).
 */
export function draftIssues(role: DraftRole, draft: Draft, originText: string | null): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const add = (field: string, message: string) => issues.push({ role, field, message });
  if (!draft.text.trim()) add('text', 'Write the question.');
  else if (originText && normalise(draft.text) === normalise(originText)) add('text', 'This copies the original question; ask what it needs instead.');
  if (draft.options.length < MIN_DRAFT_OPTIONS) add('options', `Give at least ${MIN_DRAFT_OPTIONS} options.`);
  if (draft.options.length > MAX_DRAFT_OPTIONS) add('options', `At most ${MAX_DRAFT_OPTIONS} options.`);
  const seen = new Map<string, number>();
  draft.options.forEach((option, i) => {
    const key = normalise(option);
    if (!option.trim()) add(`options.${i}`, 'Empty option.');
    else if (seen.has(key)) add(`options.${i}`, `Same as option ${optionLabel(seen.get(key)!)}.`);
    else seen.set(key, i);
  });
  const labels = draft.options.map((_, i) => optionLabel(i));
  if (draft.answer === null) add('answer', 'Mark the correct option.');
  else if (!labels.includes(draft.answer)) add('answer', `The answer ${draft.answer} is not one of the options.`);
  return issues;
}

export function tripletIssues(draft: TripletDraft, originText: string | null): DraftIssue[] {
  const issues = [...draftIssues('perception', draft.perception, originText), ...draftIssues('knowledge', draft.knowledge, originText)];
  if (draft.perception.text.trim() && normalise(draft.perception.text) === normalise(draft.knowledge.text)) {
    issues.push({ role: 'knowledge', field: 'text', message: 'Same as the perception question.' });
  }
  return issues;
}

export const emptyDraft = (): Draft => ({ text: '', options: ['', ''], answer: null, rationale: '' });
