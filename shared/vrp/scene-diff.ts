import type { ReferenceText, Scene, Shape } from './scene';

/** One shape's change: added (before null), removed (after null) or edited; `index` is where it sits in its scene. */
export interface ShapeChange {
  id: string;
  before: Shape | null;
  after: Shape | null;
  beforeIndex: number;
  afterIndex: number;
}

/**
 * A reversible change to a scene's document (never selection or zoom, which are not the document). Undo applies it
 * backwards, redo forwards, so history holds what changed rather than copies of 300 shapes per step.
 */
export interface SceneDiff {
  shapes: ShapeChange[];
  text: { before: ReferenceText; after: ReferenceText } | null;
}

const sameShape = (a: Shape, b: Shape) =>
  a.kind === b.kind && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.rotation === b.rotation &&
  a.stroke === b.stroke && a.strokeWidth === b.strokeWidth;

const sameText = (a: ReferenceText, b: ReferenceText) =>
  a.content === b.content && a.font === b.font && a.colour === b.colour && a.position === b.position;

/** What turns `before` into `after`; empty when nothing in the document changed. */
export function diffScenes(before: Scene, after: Scene): SceneDiff {
  const oldIndex = new Map(before.shapes.map((s, i) => [s.id, i]));
  const newIndex = new Map(after.shapes.map((s, i) => [s.id, i]));
  // Rank among the shapes both scenes hold: an insertion or deletion shifts indices without reordering anyone, so
  // only a shape whose rank changes was moved in the stacking order and has to be recorded.
  const rankBefore = new Map(before.shapes.filter((s) => newIndex.has(s.id)).map((s, r) => [s.id, r]));
  const rankAfter = new Map(after.shapes.filter((s) => oldIndex.has(s.id)).map((s, r) => [s.id, r]));
  const shapes: ShapeChange[] = [];
  for (const [id, i] of oldIndex) {
    const j = newIndex.get(id);
    const a = before.shapes[i]!;
    const b = j === undefined ? null : after.shapes[j]!;
    if (!b || !sameShape(a, b) || rankBefore.get(id) !== rankAfter.get(id)) {
      shapes.push({ id, before: a, after: b, beforeIndex: i, afterIndex: j ?? -1 });
    }
  }
  for (const [id, j] of newIndex) {
    if (!oldIndex.has(id)) shapes.push({ id, before: null, after: after.shapes[j]!, beforeIndex: -1, afterIndex: j });
  }
  return { shapes, text: sameText(before.text, after.text) ? null : { before: before.text, after: after.text } };
}

export function isEmptyDiff(diff: SceneDiff): boolean {
  return diff.shapes.length === 0 && diff.text === null;
}

/** Applies a diff forwards (redo) or backwards (undo). */
export function applyDiff(scene: Scene, diff: SceneDiff, direction: 'forward' | 'backward'): Scene {
  const forward = direction === 'forward';
  const changed = new Set(diff.shapes.map((c) => c.id));
  const kept = scene.shapes.filter((s) => !changed.has(s.id));
  // Re-insert changed shapes at their target positions, lowest first, so every index lands where it was recorded.
  const placed = diff.shapes
    .map((c) => ({ shape: forward ? c.after : c.before, index: forward ? c.afterIndex : c.beforeIndex }))
    .filter((p): p is { shape: Shape; index: number } => p.shape !== null)
    .sort((a, b) => a.index - b.index);
  const shapes = [...kept];
  for (const p of placed) shapes.splice(Math.min(p.index, shapes.length), 0, p.shape);
  const text = diff.text ? (forward ? diff.text.after : diff.text.before) : scene.text;
  return { ...scene, shapes, text };
}

/** Merges two successive diffs into one (typing a text is one step in the history, not one per letter). */
export function composeDiffs(base: Scene, first: SceneDiff, second: SceneDiff): SceneDiff {
  return diffScenes(base, applyDiff(applyDiff(base, first, 'forward'), second, 'forward'));
}
