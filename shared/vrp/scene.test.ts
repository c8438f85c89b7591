import { describe, expect, it } from 'vitest';
import { applyDiff, composeDiffs, diffScenes, isEmptyDiff } from './scene-diff';
import { loadScene } from './migrate';
import { SCENE_SCHEMA, type Scene, type Shape } from './scene';

const shape = (id: string, x: number, kind: Shape['kind'] = 'box'): Shape => ({
  id, kind, x, y: x / 2, width: 10 + x, height: 8, rotation: 0, stroke: '#FF0000', strokeWidth: 2,
});
const scene = (shapes: Shape[], content = 'What is in the box?'): Scene => ({
  schema: SCENE_SCHEMA, image: { hash: 'abc', width: 100, height: 80 }, shapes,
  text: { content, font: 'Arial', colour: '#000000', position: 'upper' },
});

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function edit(s: Scene, r: () => number, n: number): Scene {
  const shapes = [...s.shapes];
  const pick = Math.floor(r() * 5);
  if (pick === 0 || shapes.length === 0) shapes.splice(Math.floor(r() * (shapes.length + 1)), 0, shape(`s${n}`, Math.floor(r() * 50)));
  else if (pick === 1) shapes.splice(Math.floor(r() * shapes.length), 1);
  else if (pick === 2) {
    const i = Math.floor(r() * shapes.length);
    shapes[i] = { ...shapes[i]!, x: shapes[i]!.x + 3, kind: r() < 0.5 ? 'box' : 'ellipse', rotation: Math.floor(r() * 90) };
  } else if (pick === 3) {
    const i = Math.floor(r() * shapes.length);
    const [moved] = shapes.splice(i, 1);
    shapes.splice(Math.floor(r() * (shapes.length + 1)), 0, moved!);
  } else return { ...s, text: { ...s.text, content: `${s.text.content}${n}`, position: r() < 0.5 ? 'upper' : 'lower' } };
  return { ...s, shapes };
}

describe('scene history', () => {
  it('undoes and redoes any sequence of edits back to every earlier document exactly', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed);
      const states: Scene[] = [scene([shape('a', 1), shape('b', 2, 'ellipse'), shape('c', 3)])];
      const diffs = [];
      for (let n = 0; n < 30; n++) {
        const next = edit(states.at(-1)!, r, n);
        diffs.push(diffScenes(states.at(-1)!, next));
        states.push(next);
      }
      let current = states.at(-1)!;
      for (let i = diffs.length - 1; i >= 0; i--) {
        current = applyDiff(current, diffs[i]!, 'backward');
        expect(current, `seed ${seed}, undo to step ${i}`).toEqual(states[i]);
      }
      for (let i = 0; i < diffs.length; i++) {
        current = applyDiff(current, diffs[i]!, 'forward');
        expect(current, `seed ${seed}, redo to step ${i + 1}`).toEqual(states[i + 1]);
      }
    }
  });

  it('records only what changed, and nothing for a no-op', () => {
    const a = scene([shape('a', 1), shape('b', 2)]);
    expect(isEmptyDiff(diffScenes(a, { ...a, shapes: a.shapes.map((s) => ({ ...s })) }))).toBe(true);
    const moved = diffScenes(a, { ...a, shapes: [{ ...a.shapes[0]!, x: 40 }, a.shapes[1]!] });
    expect(moved.shapes.map((c) => c.id)).toEqual(['a']);
    expect(moved.text).toBeNull();
    const many = scene(Array.from({ length: 300 }, (_, i) => shape(`s${i}`, i)));
    expect(diffScenes(many, { ...many, shapes: many.shapes.slice(1) }).shapes.map((c) => c.id)).toEqual(['s0']);
  });

  it('composes typing into one step', () => {
    const a = scene([shape('a', 1)], 'Wh');
    const b = { ...a, text: { ...a.text, content: 'Wha' } };
    const c = { ...b, text: { ...b.text, content: 'What' } };
    const both = composeDiffs(a, diffScenes(a, b), diffScenes(b, c));
    expect(applyDiff(c, both, 'backward')).toEqual(a);
    expect(applyDiff(a, both, 'forward')).toEqual(c);
  });
});

describe('loading stored scenes', () => {
  it('accepts the current schema, fills defaults and names the first field at fault', () => {
    const { rotation: _r, ...noRotation } = shape('a', 1);
    expect(loadScene(JSON.stringify({ ...scene([]), shapes: [noRotation] })).shapes[0]!.rotation).toBe(0);
    expect(() => loadScene({ ...scene([]), text: { ...scene([]).text, font: 'Comic Sans' } })).toThrow(/invalid at text\.font/);
    expect(() => loadScene({ ...scene([shape('a', 1)]), shapes: [{ ...shape('a', 1), width: -3 }] })).toThrow(/invalid at shapes\.0\.width/);
    expect(() => loadScene({ shapes: [] })).toThrow(/no schema version/);
    expect(() => loadScene({ ...scene([]), schema: SCENE_SCHEMA + 1 })).toThrow(/newer Anchor Studio/);
  });
});
