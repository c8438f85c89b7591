import { useEffect } from 'react';
import type { UiCommand } from '../../../shared/contract';
import type { Screen } from '../stores/navigation';

/** Keys of the screens after `g` (as in GitHub and Linear), shown in the sidebar and the cheat-sheet. */
export const screenKeys: Record<Screen, string> = {
  datasets: 'd',
  annotate: 'a',
  review: 'r',
  canvas: 'c',
  runs: 'u',
  reports: 'p',
  prompts: 'm',
  team: 't',
  settings: 's',
};

export const globalShortcuts: { keys: string; what: string }[] = [
  { keys: 'g then d/a/r/c/u/p/m/t/s', what: 'go to Datasets, Annotate, Review, Canvas, Runs, Reports, Prompts, Team, Settings' },
  { keys: '/', what: 'search questions' },
  { keys: 'i', what: 'import files' },
  { keys: 'o', what: 'open or create a project' },
  { keys: 't', what: 'switch light / dark theme' },
  { keys: 'j / k or ↓ / ↑', what: 'next / previous question in a list' },
  { keys: 'Enter', what: 'open the highlighted item' },
  { keys: 'Esc', what: 'close the item or dialog' },
  { keys: '?', what: 'show this list' },
];

/** Keys that work on one screen only, listed in the cheat-sheet under the screen's name. */
export const screenShortcuts: { screen: string; keys: string; what: string }[] = [
  { screen: 'Runs', keys: 'n', what: 'new run' },
  { screen: 'Runs', keys: 'space', what: 'pause / resume the open run' },
  { screen: 'Runs', keys: 'e', what: 'retry the failed requests' },
  { screen: 'Runs', keys: 'j / k, Enter', what: 'move through predictions, open one' },
  { screen: 'Runs', keys: 'A–Z or 1–9', what: 'answer (human evaluation)' },
  { screen: 'Reports', keys: '1 / 2 / 3', what: 'run report, compare, leaderboard' },
  { screen: 'Reports', keys: 'j / k', what: 'next / previous run' },
  { screen: 'Reports', keys: 'h', what: 'export the report as HTML' },
  { screen: 'Annotate', keys: 'j / k or Alt+↓ / Alt+↑', what: 'next / previous item in your queue' },
  { screen: 'Annotate', keys: '1–9 (outside text fields)', what: 'mark option A–I correct in the active question' },
  { screen: 'Annotate', keys: 'Enter in an option', what: 'add an option below it' },
  { screen: 'Annotate', keys: 'Alt+O', what: 'add an option to the active question' },
  { screen: 'Annotate', keys: 'Ctrl+S / Ctrl+Enter', what: 'save now / submit for review' },
  { screen: 'Annotate', keys: 'h', what: 'show the revision history' },
  { screen: 'Review', keys: 'j / k or Alt+↓ / Alt+↑', what: 'next / previous triplet to review' },
  { screen: 'Review', keys: 'p / x (outside text fields)', what: 'Pass / Problematic for the active question' },
  { screen: 'Review', keys: 'Tab', what: 'move between the perception and knowledge verdicts' },
  { screen: 'Review', keys: 'Ctrl+Enter', what: 'submit your verdicts' },
  { screen: 'Canvas', keys: 'V / B / E', what: 'select, draw a box, draw an ellipse' },
  { screen: 'Canvas', keys: 'Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y)', what: 'undo / redo' },
  { screen: 'Canvas', keys: 'Del, Ctrl+D, Ctrl+A, Esc', what: 'delete, duplicate, select all, select none' },
  { screen: 'Canvas', keys: 'arrows (Shift: ×10)', what: 'nudge the selection by a pixel' },
  { screen: 'Canvas', keys: 'wheel, + / −, F, Space+drag', what: 'zoom to the cursor, zoom, fit, pan' },
  { screen: 'Canvas', keys: 'P', what: 'preview the open item\'s variants' },
  { screen: 'Canvas', keys: 'j / k, Ctrl+S', what: 'next / previous item, save now' },
  { screen: 'Prompts', keys: 'n', what: 'new TP-Eval optimisation (with its call count before it starts)' },
  { screen: 'Prompts', keys: 'j / k, 1 / 2', what: 'next / previous optimisation; optimisations, report' },
  { screen: 'Prompts', keys: 'e / r', what: 'evaluate the chosen prompt on the test set / resume' },
];

/** Single keys and the commands they run (the desktop menu runs the same commands). */
export const keyCommands: Record<string, UiCommand> = { '/': 'search', i: 'import', o: 'project', t: 'theme.toggle', '?': 'shortcuts' };

/** True when a key press belongs to a text field and must not trigger shortcuts (digits in a form, say). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** App-wide single-key shortcuts; `g` starts a two-key sequence for navigation. */
export function useGlobalShortcuts(handlers: { go(screen: Screen): void; key(key: string): void }): void {
  useEffect(() => {
    let pendingG = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (pendingG && Date.now() - pendingG < 1200) {
        pendingG = 0;
        const screen = (Object.keys(screenKeys) as Screen[]).find((s) => screenKeys[s] === e.key);
        if (screen) {
          e.preventDefault();
          handlers.go(screen);
        }
        return;
      }
      if (e.key === 'g') {
        pendingG = Date.now();
        return;
      }
      if (e.key in keyCommands) {
        e.preventDefault();
        handlers.key(e.key);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handlers]);
}
