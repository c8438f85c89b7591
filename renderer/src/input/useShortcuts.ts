import { useEffect, useRef } from 'react';
import { useNavigation } from '../stores/navigation';
import { focusContext } from './focus-context';
import { createDispatcher, type ShortcutHandler } from './shortcut-registry';
import { shortcutDefs } from './shortcuts';

/** Handlers bound now, by shortcut id; screens bind theirs while they are shown. */
const bound = new Map<string, ShortcutHandler>();

/** Binds handlers to shortcut ids for as long as the calling component is mounted; the latest closures always run. */
export function useShortcuts(handlers: Record<string, ShortcutHandler>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const ids = Object.keys(handlers).sort().join(' ');
  useEffect(() => {
    const names = ids.split(' ').filter(Boolean);
    for (const id of names) bound.set(id, (e) => latest.current[id]?.(e));
    return () => { for (const id of names) bound.delete(id); };
  }, [ids]);
}

/** The ids bound now (the cheat-sheet offers to run these). */
export function boundShortcuts(): ReadonlySet<string> {
  return new Set(bound.keys());
}

/** Runs a shortcut's handler as if its key were pressed (from the cheat-sheet). */
export function runShortcut(id: string): boolean {
  const handler = bound.get(id);
  return Boolean(handler && handler(null) !== false);
}

/** Installs the one window key listener that runs every shortcut of the registry. */
export function useShortcutDispatcher(): void {
  useEffect(() => {
    const dispatch = createDispatcher(shortcutDefs);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const ran = dispatch(e, useNavigation.getState().screen, focusContext(e.target), bound);
      if (ran) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
