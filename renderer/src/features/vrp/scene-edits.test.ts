import { describe, expect, it } from 'vitest';
import { emptyScene, type Shape } from '@shared/vrp/scene';
import { deleteShapes, duplicateShapes, newShapeId, updateShapes } from './scene-edits';

const box = (id: string, x: number): Shape => ({ id, kind: 'box', x, y: 5, width: 20, height: 10, rotation: 0, stroke: '#FF0000', strokeWidth: 2 });
const scene = { ...emptyScene({ hash: 'h', width: 600, height: 400 }, 'q'), shapes: [box('a', 0), box('b', 50), box('c', 100)] };

describe('scene edits', () => {
  it('updates only the named shapes', () => {
    const next = updateShapes(scene, ['b'], (s) => ({ ...s, x: s.x + 1 }));
    expect(next.shapes.map((s) => s.x)).toEqual([0, 51, 100]);
    expect(scene.shapes[1]!.x).toBe(50);
  });

  it('deletes the named shapes and keeps the order of the rest', () => {
    expect(deleteShapes(scene, ['a', 'c']).shapes.map((s) => s.id)).toEqual(['b']);
  });

  it('duplicates shapes offset from their originals, with new ids, selected as the copies', () => {
    const { scene: next, ids } = duplicateShapes(scene, ['a', 'c']);
    expect(next.shapes).toHaveLength(5);
    expect(ids).toHaveLength(2);
    expect(new Set(next.shapes.map((s) => s.id)).size).toBe(5);
    const copies = next.shapes.filter((s) => ids.includes(s.id));
    // At least 8 px, or a sixtieth of the image width for large images: 600 / 60 = 10.
    expect(copies.map((s) => [s.x, s.y])).toEqual([[10, 15], [110, 15]]);
  });

  it('makes ids the scene does not use yet', () => {
    const crowded = { ...scene, shapes: Array.from({ length: 200 }, (_, i) => box(`x${i}`, i)) };
    const id = newShapeId(crowded);
    expect(crowded.shapes.some((s) => s.id === id)).toBe(false);
    expect(id).toMatch(/^s[0-9a-z]+$/);
  });
});
