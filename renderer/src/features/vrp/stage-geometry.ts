import { defaultStrokeWidth, type Scene, type Shape } from '@shared/vrp/scene';
import type { CanvasTool, View } from '../../stores/canvas-ui';

const MIN_SCALE = 0.02;
const MAX_SCALE = 32;
/** Shapes smaller than this (image pixels) are taken for a click, not a drag. */
const MIN_DRAW = 3;

/** A shape being drawn: where the press started and where the pointer is now, in image pixels. */
export interface Draft { x0: number; y0: number; x1: number; y1: number }

export interface Rect { x: number; y: number; w: number; h: number }

export function clampScale(s: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
}

/** Two decimals: enough for sub-pixel placement, short in every saved revision. */
export function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Adds the id to the selection, or takes it out if it is there (shift-click). */
export function toggle(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/** The draft as a rectangle with its top-left corner first, whichever way it was dragged. */
export function draftRect(draft: Draft): Rect {
  return { x: Math.min(draft.x0, draft.x1), y: Math.min(draft.y0, draft.y1), w: Math.abs(draft.x1 - draft.x0), h: Math.abs(draft.y1 - draft.y0) };
}

/** The shape a finished drag draws, or null when the drag was too small to be anything but a click. */
export function shapeFromDraft(draft: Draft, tool: CanvasTool, scene: Scene, stroke: string, id: string): Shape | null {
  const r = draftRect(draft);
  if (r.w < MIN_DRAW || r.h < MIN_DRAW) return null;
  return {
    id, kind: tool === 'ellipse' ? 'ellipse' : 'box', x: round(r.x), y: round(r.y), width: round(r.w), height: round(r.h),
    rotation: 0, stroke, strokeWidth: defaultStrokeWidth(scene.image),
  };
}

/** Zooms by the factor around a point of the box: the image point under it stays under it. */
export function zoomAt(view: View, point: { x: number; y: number }, factor: number): View {
  const scale = clampScale(view.scale * factor);
  const ix = (point.x - view.x) / view.scale;
  const iy = (point.y - view.y) / view.scale;
  return { scale, x: point.x - ix * scale, y: point.y - iy * scale };
}

/** The view that shows the whole variant (image and band) centred in the box, with a small margin. */
export function fitView(box: { width: number; height: number }, content: { width: number; height: number }): View {
  const scale = clampScale(Math.min(box.width / content.width, box.height / content.height) * 0.94);
  return { scale, x: (box.width - content.width * scale) / 2, y: (box.height - content.height * scale) / 2 };
}

/** How far an arrow key moves the selection: one pixel, ten with Shift; other keys do not move it. */
export function nudgeDelta(key: string, shift: boolean): { dx: number; dy: number } {
  const d = shift ? 10 : 1;
  const dx = key === 'ArrowLeft' ? -d : key === 'ArrowRight' ? d : 0;
  const dy = key === 'ArrowUp' ? -d : key === 'ArrowDown' ? d : 0;
  return { dx, dy };
}
