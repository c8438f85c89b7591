import type { Scene, Shape } from '@shared/vrp/scene';

/** An id unused in the scene; short, because ids travel in every saved revision. */
export function newShapeId(scene: Scene): string {
  const taken = new Set(scene.shapes.map((s) => s.id));
  for (;;) {
    const id = `s${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.has(id)) return id;
  }
}

export function updateShapes(scene: Scene, ids: readonly string[], update: (shape: Shape) => Shape): Scene {
  const set = new Set(ids);
  return { ...scene, shapes: scene.shapes.map((s) => (set.has(s.id) ? update(s) : s)) };
}

export function deleteShapes(scene: Scene, ids: readonly string[]): Scene {
  const set = new Set(ids);
  return { ...scene, shapes: scene.shapes.filter((s) => !set.has(s.id)) };
}

/** Copies of the shapes, offset so they do not hide their originals; returns the scene and the copies' ids. */
export function duplicateShapes(scene: Scene, ids: readonly string[]): { scene: Scene; ids: string[] } {
  const offset = Math.max(8, Math.round(scene.image.width / 60));
  let next = scene;
  const copies: string[] = [];
  for (const s of scene.shapes.filter((x) => ids.includes(x.id))) {
    const id = newShapeId(next);
    copies.push(id);
    next = { ...next, shapes: [...next.shapes, { ...s, id, x: s.x + offset, y: s.y + offset }] };
  }
  return { scene: next, ids: copies };
}
