import { describe, expect, it } from 'vitest';
import { allowedIn, createDispatcher, type KeyPress, type ShortcutHandler } from './shortcut-registry';
import { shortcutDefs } from './shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, code: `Key${key.toUpperCase()}`, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

/** Every shortcut of the registry bound to a handler that records its id. */
function recorder() {
  const ran: string[] = [];
  const handlers = new Map<string, ShortcutHandler>(shortcutDefs.map((d) => [d.id, () => { ran.push(d.id); }]));
  return { ran, handlers };
}

describe('the shortcut registry', () => {
  it('runs no single key while focus is in a form, in a text field or in a dialog', () => {
    const sentence = 'the quick brown fox jumps over the lazy dog? subtraction / 1234567890';
    for (const context of ['form', 'text', 'dialog'] as const) {
      const { ran, handlers } = recorder();
      const dispatch = createDispatcher(shortcutDefs, () => 0);
      for (const screen of ['annotate', 'review', 'datasets', 'runs', 'reports', 'optimize', 'vrp'] as const) {
        for (const ch of sentence) dispatch(press(ch), screen, context, handlers);
      }
      expect({ context, ran }).toEqual({ context, ran: [] });
    }
  });

  it('runs single keys on the page, the screen\'s own before the global ones, and g sequences', () => {
    const { ran, handlers } = recorder();
    let now = 0;
    const dispatch = createDispatcher(shortcutDefs, () => now);
    dispatch(press('t'), 'datasets', 'page', handlers);
    dispatch(press('h'), 'annotate', 'page', handlers);
    dispatch(press('h'), 'reports', 'page', handlers);
    dispatch(press('g'), 'datasets', 'page', handlers);
    dispatch(press('r'), 'datasets', 'page', handlers);
    // A sequence times out: `r` alone on Optimize resumes instead.
    dispatch(press('g'), 'optimize', 'page', handlers);
    now = 5_000;
    dispatch(press('r'), 'optimize', 'page', handlers);
    expect(ran).toEqual(['theme.toggle', 'annotate.history', 'reports.html', 'go.review', 'optimize.resume']);
  });

  it('lets a form\'s chords act inside it, and keeps a text field\'s own undo', () => {
    const { ran, handlers } = recorder();
    const dispatch = createDispatcher(shortcutDefs, () => 0);
    dispatch(press('Enter', { ctrlKey: true }), 'annotate', 'text', handlers);
    dispatch(press('o', { altKey: true, code: 'KeyO' }), 'annotate', 'text', handlers);
    dispatch(press('s', { metaKey: true }), 'annotate', 'form', handlers);
    dispatch(press('z', { ctrlKey: true }), 'vrp', 'text', handlers);
    dispatch(press('z', { ctrlKey: true }), 'vrp', 'page', handlers);
    dispatch(press('Enter', { ctrlKey: true }), 'annotate', 'dialog', handlers);
    expect(ran).toEqual(['annotate.submit', 'annotate.addOption', 'annotate.save', 'vrp.undo']);
  });

  it('passes a key on when its handler declines it', () => {
    const ran: string[] = [];
    const handlers = new Map<string, ShortcutHandler>([['runs.answer', () => false], ['runs.new', () => { ran.push('new'); }]]);
    expect(createDispatcher(shortcutDefs)(press('n'), 'runs', 'page', handlers)).toBe('runs.new');
    expect(ran).toEqual(['new']);
  });

  it('has one entry per id, and every single key is kept out of forms', () => {
    const ids = shortcutDefs.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of shortcutDefs) {
      const single = !/Ctrl|Alt/.test(d.keys);
      if (single) expect({ id: d.id, form: allowedIn(d.focus, 'form') }).toEqual({ id: d.id, form: false });
    }
  });
});
