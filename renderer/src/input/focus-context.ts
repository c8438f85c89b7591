import type { FocusContext } from './shortcut-registry';

/** True when a key press belongs to a field that takes typing (digits in a form, say). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * Where focus is, for the shortcut dispatcher. A form is a `<form>` or an element with role="form" (the annotation
 * and review forms); an open dialog counts even when focus fell back to the page behind it.
 */
export function focusContext(target: EventTarget | null): FocusContext {
  const el = target instanceof HTMLElement ? target : null;
  if (el?.closest('[role="dialog"]') || document.querySelector('[role="dialog"]')) return 'dialog';
  if (isTyping(el)) return 'text';
  if (el?.closest('form, [role="form"]')) return 'form';
  return 'page';
}
