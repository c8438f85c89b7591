import { screenLabels, screens, type Screen } from '../stores/navigation';
import { alt, mod, plain, type KeyPress, type ShortcutDef } from './shortcut-registry';

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

const navigation: ShortcutDef[] = screens.map((s) => ({
  id: `go.${s}`, scope: 'global', keys: `g then ${screenKeys[s]}`, what: `go to ${screenLabels[s]}`,
  focus: outside, after: 'g', match: plain(screenKeys[s]),
}));

const global: ShortcutDef[] = [
  ...navigation,
  { id: 'search', scope: 'global', keys: '/', what: 'search questions', focus: outside, match: plain('/') },
  { id: 'import', scope: 'global', keys: 'i', what: 'import files', focus: outside, match: plain('i') },
  { id: 'project', scope: 'global', keys: 'o', what: 'open or create a project', focus: outside, match: plain('o') },
  { id: 'theme.toggle', scope: 'global', keys: 't', what: 'switch light / dark theme', focus: outside, match: plain('t') },
  { id: 'shortcuts', scope: 'global', keys: '?', what: 'show this list', focus: outside, match: plain('?') },
];

const workflow = (screen: 'annotate' | 'review', thing: string): ShortcutDef[] => [
  { id: `${screen}.next`, scope: screen, keys: 'j or Alt+↓', what: `next ${thing}`, focus: outside, match: plain('j') },
  { id: `${screen}.previous`, scope: screen, keys: 'k or Alt+↑', what: `previous ${thing}`, focus: outside, match: plain('k') },
  { id: `${screen}.nextAlt`, scope: screen, keys: 'Alt+↓', what: `next ${thing}, from anywhere`, focus: 'anywhere', match: altArrow('ArrowDown') },
  { id: `${screen}.previousAlt`, scope: screen, keys: 'Alt+↑', what: `previous ${thing}, from anywhere`, focus: 'anywhere', match: altArrow('ArrowUp') },
  { id: `${screen}.submit`, scope: screen, keys: 'Ctrl+Enter', what: screen === 'annotate' ? 'submit for review' : 'submit your verdicts', focus: 'anywhere', match: mod('Enter') },
];

const annotate: ShortcutDef[] = [
  ...workflow('annotate', 'item in your queue'),
  { id: 'annotate.save', scope: 'annotate', keys: 'Ctrl+S', what: 'save now', focus: 'anywhere', match: mod('s') },
  { id: 'annotate.addOption', scope: 'annotate', keys: 'Alt+O', what: 'add an option to the active question and type in it', focus: 'anywhere', match: alt('KeyO') },
  { id: 'annotate.answer', scope: 'annotate', keys: '1–9', what: 'mark option A–I correct in the active question', focus: outside, needsKey: true, match: digit },
  { id: 'annotate.history', scope: 'annotate', keys: 'h', what: 'show or hide the revision history', focus: outside, match: plain('h') },
];

const review: ShortcutDef[] = [
  ...workflow('review', 'triplet to review'),
  { id: 'review.pass', scope: 'review', keys: 'p', what: 'Pass for the active question', focus: outside, match: plain('p') },
  { id: 'review.problem', scope: 'review', keys: 'x', what: 'Problematic for the active question', focus: outside, match: plain('x') },
];

const runs: ShortcutDef[] = [
  // First, so a human evaluation's answer letters win over the screen's own letters while it is open.
  { id: 'runs.answer', scope: 'runs', keys: 'A–Z or 1–9', what: 'answer (human evaluation)', focus: outside, needsKey: true, match: (e) => !e.ctrlKey && !e.metaKey && !e.altKey && /^[a-zA-Z1-9]$/.test(e.key) },
  { id: 'runs.new', scope: 'runs', keys: 'n', what: 'new run', focus: outside, match: plain('n') },
  { id: 'runs.pause', scope: 'runs', keys: 'Space', what: 'pause / resume the open run', focus: outside, match: plain(' ') },
  { id: 'runs.retry', scope: 'runs', keys: 'e', what: 'retry the failed requests', focus: outside, match: plain('e') },
];

const reports: ShortcutDef[] = [
  { id: 'reports.run', scope: 'reports', keys: '1', what: 'run report', focus: outside, match: plain('1') },
  { id: 'reports.compare', scope: 'reports', keys: '2', what: 'compare runs', focus: outside, match: plain('2') },
  { id: 'reports.leaderboard', scope: 'reports', keys: '3', what: 'leaderboard', focus: outside, match: plain('3') },
  { id: 'reports.next', scope: 'reports', keys: 'j', what: 'next run', focus: outside, match: plain('j') },
  { id: 'reports.previous', scope: 'reports', keys: 'k', what: 'previous run', focus: outside, match: plain('k') },
  { id: 'reports.html', scope: 'reports', keys: 'h', what: 'export the report as HTML', focus: outside, match: plain('h') },
];

const optimize: ShortcutDef[] = [
  { id: 'optimize.new', scope: 'optimize', keys: 'n', what: 'new TP-Eval optimisation (with its call count before it starts)', focus: outside, match: plain('n') },
  { id: 'optimize.next', scope: 'optimize', keys: 'j', what: 'next optimisation', focus: outside, match: plain('j') },
  { id: 'optimize.previous', scope: 'optimize', keys: 'k', what: 'previous optimisation', focus: outside, match: plain('k') },
  { id: 'optimize.optimisation', scope: 'optimize', keys: '1', what: 'optimisation tab', focus: outside, match: plain('1') },
  { id: 'optimize.report', scope: 'optimize', keys: '2', what: 'report tab', focus: outside, match: plain('2') },
  { id: 'optimize.evaluate', scope: 'optimize', keys: 'e', what: 'evaluate the chosen prompt on the test set', focus: outside, match: plain('e') },
  { id: 'optimize.resume', scope: 'optimize', keys: 'r', what: 'resume the optimisation', focus: outside, match: plain('r') },
];

const vrp: ShortcutDef[] = [
  { id: 'vrp.save', scope: 'vrp', keys: 'Ctrl+S', what: 'save now', focus: 'anywhere', match: mod('s') },
  { id: 'vrp.undo', scope: 'vrp', keys: 'Ctrl+Z', what: 'undo', focus: 'outside-text', match: mod('z', false) },
  { id: 'vrp.redo', scope: 'vrp', keys: 'Ctrl+Shift+Z or Ctrl+Y', what: 'redo', focus: 'outside-text', match: (e) => mod('z', true)(e) || mod('y')(e) },
  { id: 'vrp.duplicate', scope: 'vrp', keys: 'Ctrl+D', what: 'duplicate the selection', focus: 'outside-text', match: mod('d') },
  { id: 'vrp.selectAll', scope: 'vrp', keys: 'Ctrl+A', what: 'select every shape', focus: 'outside-text', match: mod('a') },
  { id: 'vrp.delete', scope: 'vrp', keys: 'Del', what: 'delete the selection', focus: outside, match: plain('Delete', 'Backspace') },
  { id: 'vrp.select', scope: 'vrp', keys: 'v', what: 'select tool', focus: outside, match: plain('v', 'V') },
  { id: 'vrp.box', scope: 'vrp', keys: 'b', what: 'draw a box', focus: outside, match: plain('b', 'B', 'r', 'R') },
  { id: 'vrp.ellipse', scope: 'vrp', keys: 'e', what: 'draw an ellipse', focus: outside, match: plain('e', 'E') },
  { id: 'vrp.fit', scope: 'vrp', keys: 'f', what: 'fit the image', focus: outside, match: plain('f', 'F') },
  { id: 'vrp.preview', scope: 'vrp', keys: 'p', what: 'preview the open item\'s variants', focus: outside, match: plain('p', 'P') },
  { id: 'vrp.zoomIn', scope: 'vrp', keys: '+', what: 'zoom in', focus: outside, match: plain('+', '=') },
  { id: 'vrp.zoomOut', scope: 'vrp', keys: '−', what: 'zoom out', focus: outside, match: plain('-') },
  { id: 'vrp.next', scope: 'vrp', keys: 'j', what: 'next item', focus: outside, match: plain('j', 'J') },
  { id: 'vrp.previous', scope: 'vrp', keys: 'k', what: 'previous item', focus: outside, match: plain('k', 'K') },
  { id: 'vrp.none', scope: 'vrp', keys: 'Esc', what: 'select none', focus: outside, match: plain('Escape') },
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
