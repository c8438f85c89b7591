import type { Screen } from '../stores/navigation';

/** Where a shortcut lives: everywhere, or on one screen only. */
export type ShortcutScope = 'global' | Screen;

/** The parts of a key press the registry reads (a DOM KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Where focus is when a key is pressed. `text`: a field that takes typing; `form`: anything else inside a form (its
 * buttons, checkboxes, the option letters); `dialog`: inside an open dialog; `page`: anywhere else.
 */
export type FocusContext = 'page' | 'form' | 'text' | 'dialog';

/**
 * Which focus a shortcut may act from. Every key without Ctrl/Alt/⌘ is `outside-forms`: a letter typed after one Tab
 * too many must never switch the theme. Chords that belong to the form (save, submit, add an option) act anywhere;
 * chords a text field has its own meaning for (undo, select all) act outside text fields.
 */
export type FocusRule = 'anywhere' | 'outside-text' | 'outside-forms';

export interface ShortcutDef {
  id: string;
  scope: ShortcutScope;
  /** As shown in the cheat-sheet. */
  keys: string;
  what: string;
  focus: FocusRule;
  /** The first key of a two-key sequence (`g` then `d`). */
  after?: string;
  /** Needs the pressed key itself (a digit, a letter, an arrow), so it cannot be run from the cheat-sheet. */
  needsKey?: boolean;
  match(e: KeyPress): boolean;
}

/** What a bound handler does with a press: `false` means "not now" (nothing selected, say), so the key goes on. */
export type ShortcutHandler = (e: KeyPress | null) => boolean | void;

const noMods = (e: KeyPress) => !e.ctrlKey && !e.metaKey && !e.altKey;

/** A key pressed alone (Shift allowed, since `?` and capitals need it). */
export function plain(...keys: string[]): (e: KeyPress) => boolean {
  return (e) => noMods(e) && keys.includes(e.key);
}

/** Ctrl (⌘ on a Mac) with a key; `shift` when Shift must be held too, false when it must not. */
export function mod(key: string, shift?: boolean): (e: KeyPress) => boolean {
  return (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === key.toLowerCase() && (shift === undefined || e.shiftKey === shift);
}

/** Alt with a key, by its physical code: Alt+O types "ø" on a Mac, so `key` would not match. */
export function alt(code: string): (e: KeyPress) => boolean {
  return (e) => e.altKey && !e.ctrlKey && !e.metaKey && e.code === code;
}

export function allowedIn(rule: FocusRule, context: FocusContext): boolean {
  if (context === 'dialog') return false;
  if (rule === 'anywhere') return true;
  if (rule === 'outside-text') return context !== 'text';
  return context === 'page';
}

const SEQUENCE_MS = 1500;

/**
 * The one dispatcher: finds the shortcut a press means on the current screen (screen shortcuts before global ones),
 * checks where focus is, and runs its bound handler. Returns the id it ran, or null when the key is left alone.
 */
export function createDispatcher(defs: readonly ShortcutDef[], now: () => number = Date.now) {
  let pending: { key: string; at: number } | null = null;
  return function dispatch(e: KeyPress, screen: Screen, context: FocusContext, handlers: ReadonlyMap<string, ShortcutHandler>): string | null {
    const prefix = pending && now() - pending.at < SEQUENCE_MS ? pending.key : null;
    pending = null;
    const candidates = defs.filter((d) => (d.scope === screen || d.scope === 'global') && (d.after ?? null) === prefix && allowedIn(d.focus, context));
    candidates.sort((a, b) => Number(a.scope === 'global') - Number(b.scope === 'global'));
    for (const def of candidates) {
      if (!def.match(e)) continue;
      const handler = handlers.get(def.id);
      if (handler && handler(e) !== false) return def.id;
    }
    // A sequence starts only where its second key would be allowed.
    if (!prefix && noMods(e) && defs.some((d) => d.after === e.key && allowedIn(d.focus, context))) {
      pending = { key: e.key, at: now() };
      return `${e.key}…`;
    }
    return null;
  };
}
