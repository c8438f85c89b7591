import { describe, expect, it } from 'vitest';
import { emptyScene } from '@shared/vrp/scene';
import { clampScale, draftRect, fitView, nudgeDelta, round, shapeFromDraft, toggle, zoomAt } from './stage-geometry';

const scene = emptyScene({ hash: 'h', width: 1200, height: 800 }, 'q');

describe('the canvas stage geometry', () => {
  it('zooms around a point: the image point under it stays under it', () => {
    const view = { scale: 0.5, x: 40, y: 30 };
    const point = { x: 300, y: 200 };
    const next = zoomAt(view, point, 2);
    expect(next.scale).toBe(1);
    const imageX = (point.x - view.x) / view.scale;
    const imageY = (point.y - view.y) / view.scale;
    expect(next.x + imageX * next.scale).toBeCloseTo(point.x);
    expect(next.y + imageY * next.scale).toBeCloseTo(point.y);
  });

  it('never zooms beyond 32× or below 2%', () => {
    expect(zoomAt({ scale: 30, x: 0, y: 0 }, { x: 0, y: 0 }, 4).scale).toBe(32);
    expect(zoomAt({ scale: 0.03, x: 0, y: 0 }, { x: 0, y: 0 }, 0.1).scale).toBe(0.02);
    expect(clampScale(1)).toBe(1);
  });

  it('fits the whole variant into the box, centred with a margin', () => {
    const view = fitView({ width: 1000, height: 500 }, { width: 1200, height: 1000 });
    // The height limits: 500 / 1000, less the 6% margin.
    expect(view.scale).toBeCloseTo(0.47);
    expect(view.x).toBeCloseTo((1000 - 1200 * 0.47) / 2);
    expect(view.y).toBeCloseTo((500 - 1000 * 0.47) / 2);
  });

  it('draws a shape from a drag in any direction, rounded to two decimals', () => {
    const shape = shapeFromDraft({ x0: 120.123, y0: 90, x1: 20, y1: 10.556 }, 'ellipse', scene, '#0000FF', 's1');
    expect(shape).toMatchObject({ id: 's1', kind: 'ellipse', x: 20, y: 10.56, width: 100.12, height: 79.44, rotation: 0, stroke: '#0000FF' });
    expect(shape?.strokeWidth).toBeGreaterThan(0);
    expect(shapeFromDraft({ x0: 0, y0: 0, x1: 10, y1: 10 }, 'box', scene, '#FF0000', 's2')?.kind).toBe('box');
  });

  it('takes a drag smaller than three pixels either way for a click', () => {
    expect(shapeFromDraft({ x0: 10, y0: 10, x1: 12, y1: 80 }, 'box', scene, '#FF0000', 's')).toBeNull();
    expect(shapeFromDraft({ x0: 10, y0: 10, x1: 80, y1: 12.9 }, 'box', scene, '#FF0000', 's')).toBeNull();
    expect(draftRect({ x0: 5, y0: 8, x1: 1, y1: 2 })).toEqual({ x: 1, y: 2, w: 4, h: 6 });
  });

  it('nudges one pixel with an arrow, ten with Shift, and not at all with another key', () => {
    expect(nudgeDelta('ArrowLeft', false)).toEqual({ dx: -1, dy: 0 });
    expect(nudgeDelta('ArrowDown', true)).toEqual({ dx: 0, dy: 10 });
    expect(nudgeDelta('ArrowUp', false)).toEqual({ dx: 0, dy: -1 });
    expect(nudgeDelta('ArrowRight', true)).toEqual({ dx: 10, dy: 0 });
    expect(nudgeDelta('a', true)).toEqual({ dx: 0, dy: 0 });
  });

  it('shift-click adds a shape to the selection or takes it out', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
    expect(round(2.345678)).toBe(2.35);
  });
});
