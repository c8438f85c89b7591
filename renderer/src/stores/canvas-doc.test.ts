import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyScene, type Scene, type Shape } from '@shared/vrp/scene';
import { useCanvasDoc } from './canvas-doc';

const base = emptyScene({ hash: 'h', width: 400, height: 300 }, 'What is in the box?');
const box = (id: string, x = 10): Shape => ({ id, kind: 'box', x, y: 20, width: 50, height: 40, rotation: 0, stroke: '#FF0000', strokeWidth: 2 });
const withShapes = (...shapes: Shape[]): Scene => ({ ...base, shapes });
const doc = () => useCanvasDoc.getState();

describe('the canvas document and its undo history', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    doc().load(1, base, 4);
  });
  afterEach(() => vi.useRealTimers());

  it('undoes and redoes each change in order, and a new change drops what could be redone', () => {
    doc().change(withShapes(box('a')));
    vi.setSystemTime(5_000);
    doc().change(withShapes(box('a'), box('b')));
    doc().undo();
    expect(doc().scene?.shapes.map((s) => s.id)).toEqual(['a']);
    doc().undo();
    expect(doc().scene).toEqual(base);
    doc().undo(); // nothing left: the scene stays as loaded
    expect(doc().scene).toEqual(base);
    doc().redo();
    expect(doc().scene?.shapes.map((s) => s.id)).toEqual(['a']);
    doc().change(withShapes(box('a'), box('c')));
    doc().redo();
    expect(doc().scene?.shapes.map((s) => s.id)).toEqual(['a', 'c']);
  });

  it('merges changes with the same key within a second into one step, and not later ones', () => {
    doc().change(withShapes(box('a', 10)));
    vi.setSystemTime(10_000);
    doc().change(withShapes(box('a', 11)), 'nudge');
    vi.setSystemTime(10_300);
    doc().change(withShapes(box('a', 12)), 'nudge');
    vi.setSystemTime(10_600);
    doc().change(withShapes(box('a', 13)), 'nudge');
    vi.setSystemTime(20_000);
    doc().change(withShapes(box('a', 14)), 'nudge');
    doc().undo();
    expect(doc().scene?.shapes[0]?.x).toBe(13);
    doc().undo();
    expect(doc().scene?.shapes[0]?.x).toBe(10);
  });

  it('ignores a change that changes nothing', () => {
    doc().change(withShapes(box('a')));
    const { revision, past } = doc();
    doc().change(withShapes(box('a')));
    expect(doc().revision).toBe(revision);
    expect(doc().past).toHaveLength(past.length);
  });

  it('is dirty after a change, and shows what the saving reports', () => {
    expect(doc().save).toBe('saved');
    doc().change(withShapes(box('a')));
    expect(doc().save).toBe('dirty');
    doc().synced('saving', 0, null);
    doc().synced('saved', 5, null);
    expect(doc()).toMatchObject({ save: 'saved', version: 5 });
  });

  it('keeps a conflict through later edits, undo and redo until the document is loaded again', () => {
    doc().change(withShapes(box('a')));
    doc().synced('conflict', 0, 'someone else saved first');
    expect(doc()).toMatchObject({ save: 'conflict', error: 'someone else saved first' });
    vi.setSystemTime(5_000);
    doc().change(withShapes(box('a'), box('b')));
    doc().undo();
    doc().redo();
    expect(doc().save).toBe('conflict');
    doc().load(1, base, 9);
    expect(doc()).toMatchObject({ save: 'saved', error: null, version: 9, past: [], future: [] });
  });

  it('shows a failed save that is not a conflict as an error', () => {
    doc().synced('error', 0, 'disk full');
    expect(doc()).toMatchObject({ save: 'error', error: 'disk full' });
  });
});
