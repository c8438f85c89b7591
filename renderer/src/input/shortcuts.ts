import { screenLabels, screens, type Screen } from '../stores/navigation';
import { alt, mod, plain, type KeyPress, type ShortcutDef, type ShortcutScope } from './shortcut-registry';

/** Keys of the screens after `g` (as in GitHub and Linear), shown in the sidebar and the cheat-sheet. */
export const screenKeys: Record<Screen, string> = {
  datasets: 'd',
  annotate: 'a',
  review: 'r',
  vrp: 'c',
  runs: 'u',
  reports: 'p',
  optimize: 'm',
  team: 't',
  settings: 's',
};

const outside = 'outside-forms' as const;
const digit = (e: KeyPress) => !e.ctrlKey && !e.metaKey && !e.altKey && /^[1-9]$/.test(e.key);
const altArrow = (key: 'ArrowDown' | 'ArrowUp') => (e: KeyPress) => e.altKey && !e.ctrlKey && !e.metaKey && e.key === key;

/**
 * A key pressed alone outside forms: its name in the scope, the key as the sheet shows it, what it does, and the keys it
 * matches when they differ from the shown one.
 */
type KeyRow = readonly [name: string, shown: string, what: string, matches?: readonly string[]];

/** One screen's single-key shortcuts (the most common kind), from rows; global ones keep their bare names. */
function keysOf(scope: ShortcutScope, rows: readonly KeyRow[]): ShortcutDef[] {
  return rows.map(([name, shown, what, matches = [shown]]) => ({
    id: scope === 'global' ? name : `${scope}.${name}`, scope, keys: shown, what, focus: outside, match: plain(...matches),
  }));
}

const navigation: ShortcutDef[] = screens.map((s) => ({
  id: `go.${s}`, scope: 'global', keys: `g then ${screenKeys[s]}`, what: `go to ${screenLabels[s]}`,
  focus: outside, after: 'g', match: plain(screenKeys[s]),
}));

const global: ShortcutDef[] = [
  ...navigation,
  ...keysOf('global', [
    ['search', '/', 'search questions'],
    ['import', 'i', 'import files'],
    ['project', 'o', 'open or create a project'],
    ['theme.toggle', 't', 'switch light / dark theme'],
    ['shortcuts', '?', 'show this list'],
  ]),
];

const workflow = (screen: 'annotate' | 'review', thing: string): ShortcutDef[] => [
  ...keysOf(screen, [['next', 'j or Alt+↓', `next ${thing}`, ['j']], ['previous', 'k or Alt+↑', `previous ${thing}`, ['k']]]),
  { id: `${screen}.nextAlt`, scope: screen, keys: 'Alt+↓', what: `next ${thing}, from anywhere`, focus: 'anywhere', match: altArrow('ArrowDown') },
  { id: `${screen}.previousAlt`, scope: screen, keys: 'Alt+↑', what: `previous ${thing}, from anywhere`, focus: 'anywhere', match: altArrow('ArrowUp') },
  { id: `${screen}.submit`, scope: screen, keys: 'Ctrl+Enter', what: screen === 'annotate' ? 'submit for review' : 'submit your verdicts', focus: 'anywhere', match: mod('Enter') },
];

const annotate: ShortcutDef[] = [
  ...workflow('annotate', 'item in your queue'),
  { id: 'annotate.save', scope: 'annotate', keys: 'Ctrl+S', what: 'save now', focus: 'anywhere', match: mod('s') },
  { id: 'annotate.addOption', scope: 'annotate', keys: 'Alt+O', what: 'add an option to the active question and type in it', focus: 'anywhere', match: alt('KeyO') },
  { id: 'annotate.answer', scope: 'annotate', keys: '1–9', what: 'mark option A–I correct in the active question', focus: outside, needsKey: true, match: digit },
  ...keysOf('annotate', [['history', 'h', 'show or hide the revision history']]),
];

const review: ShortcutDef[] = [
  ...workflow('review', 'triplet to review'),
  ...keysOf('review', [['pass', 'p', 'Pass for the active question'], ['problem', 'x', 'Problematic for the active question']]),
];

const runs: ShortcutDef[] = [
  // First, so a human evaluation's answer letters win over the screen's own letters while it is open.
  { id: 'runs.answer', scope: 'runs', keys: 'A–Z or 1–9', what: 'answer (human evaluation)', focus: outside, needsKey: true, match: (e) => !e.ctrlKey && !e.metaKey && !e.altKey && /^[a-zA-Z1-9]$/.test(e.key) },
  ...keysOf('runs', [
    ['new', 'n', 'new run'],
    ['pause', 'Space', 'pause / resume the open run', [' ']],
    ['retry', 'e', 'retry the failed requests'],
  ]),
];

const reports = keysOf('reports', [
  ['run', '1', 'run report'],
  ['compare', '2', 'compare runs'],
  ['leaderboard', '3', 'leaderboard'],
  ['next', 'j', 'next run'],
  ['previous', 'k', 'previous run'],
  ['html', 'h', 'export the report as HTML'],
]);

const optimize = keysOf('optimize', [
  ['new', 'n', 'new TP-Eval optimisation (with its call count before it starts)'],
  ['next', 'j', 'next optimisation'],
  ['previous', 'k', 'previous optimisation'],
  ['optimisation', '1', 'optimisation tab'],
  ['report', '2', 'report tab'],
  ['evaluate', 'e', 'evaluate the chosen prompt on the test set'],
  ['resume', 'r', 'resume the optimisation'],
]);

const vrp: ShortcutDef[] = [
  { id: 'vrp.save', scope: 'vrp', keys: 'Ctrl+S', what: 'save now', focus: 'anywhere', match: mod('s') },
  { id: 'vrp.undo', scope: 'vrp', keys: 'Ctrl+Z', what: 'undo', focus: 'outside-text', match: mod('z', false) },
  { id: 'vrp.redo', scope: 'vrp', keys: 'Ctrl+Shift+Z or Ctrl+Y', what: 'redo', focus: 'outside-text', match: (e) => mod('z', true)(e) || mod('y')(e) },
  { id: 'vrp.duplicate', scope: 'vrp', keys: 'Ctrl+D', what: 'duplicate the selection', focus: 'outside-text', match: mod('d') },
  { id: 'vrp.selectAll', scope: 'vrp', keys: 'Ctrl+A', what: 'select every shape', focus: 'outside-text', match: mod('a') },
  ...keysOf('vrp', [
    ['delete', 'Del', 'delete the selection', ['Delete', 'Backspace']],
    ['select', 'v', 'select tool', ['v', 'V']],
    ['box', 'b', 'draw a box', ['b', 'B', 'r', 'R']],
    ['ellipse', 'e', 'draw an ellipse', ['e', 'E']],
    ['fit', 'f', 'fit the image', ['f', 'F']],
    ['preview', 'p', 'preview the open item\'s variants', ['p', 'P']],
    ['zoomIn', '+', 'zoom in', ['+', '=']],
    ['zoomOut', '−', 'zoom out', ['-']],
    ['next', 'j', 'next item', ['j', 'J']],
    ['previous', 'k', 'previous item', ['k', 'K']],
    ['none', 'Esc', 'select none', ['Escape']],
  ]),
  { id: 'vrp.nudge', scope: 'vrp', keys: 'arrows (Shift: ×10)', what: 'nudge the selection by a pixel', focus: outside, needsKey: true,
    match: (e) => !e.ctrlKey && !e.metaKey && !e.altKey && e.key.startsWith('Arrow') },
];

/** Every shortcut of the studio: the dispatcher runs them and the cheat-sheet lists them, from this one table. */
export const shortcutDefs: readonly ShortcutDef[] = [...global, ...annotate, ...review, ...runs, ...reports, ...optimize, ...vrp];

/** Keys handled by the focused element itself (lists, option fields, the canvas stage), listed in the sheet. */
export const elementKeys: { scope: string; keys: string; what: string }[] = [
  { scope: 'Lists', keys: 'j / k or ↓ / ↑, Enter, Esc', what: 'move through a focused list, open the row, close it' },
  { scope: 'Annotate', keys: 'Enter in an option', what: 'go to the next option (a new one only after the last, filled one)' },
  { scope: 'Annotate', keys: 'Alt+Enter in an option', what: 'mark that option correct' },
  { scope: 'Annotate', keys: 'Backspace in an empty option', what: 'remove it (when more than two are left)' },
  { scope: 'Review', keys: 'Tab', what: 'move between the perception and knowledge verdicts' },
  { scope: 'Canvas', keys: 'wheel, Space+drag', what: 'zoom to the cursor, pan' },
  { scope: 'Dialogs', keys: 'Esc', what: 'close the dialog' },
];
