import type { DraftIssue } from '@shared/domain/triplet-validation';

/** What a key pressed in an option field does: mark it correct, split to a new option, or join it with the previous. */
export type OptionKeyAction = 'markCorrect' | 'enter' | 'backspace' | null;

export function optionKeyAction(e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): OptionKeyAction {
  if (e.key === 'Enter' && e.altKey && !e.ctrlKey && !e.metaKey) return 'markCorrect';
  if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey) return 'enter';
  if (e.key === 'Backspace') return 'backspace';
  return null;
}

/**
 * The problem to show under a field: its own once the field has been left, every one once submit was tried; a
 * form-wide problem (`own` false) only after submit was tried.
 */
export function visibleIssue(
  issues: readonly DraftIssue[], field: string, shown: { tried: boolean; touched: ReadonlySet<string> }, own = true,
): string | undefined {
  return shown.tried || (own && shown.touched.has(field)) ? issues.find((i) => i.field === field)?.message : undefined;
}
