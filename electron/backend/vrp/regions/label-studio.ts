import { z } from 'zod';
import { ellipseOf, fromEllipse, type ImportedImage, type ImportedRegion } from './geometry';
import type { SceneExport } from './scenes';

/**
 * Label Studio's JSON export: one task per picture, its regions as `rectanglelabels` (top-left, size) and
 * `ellipselabels` (centre, radii) in percent of the image, rotation in degrees.
 */
export function labelStudioDocument(scenes: readonly SceneExport[]): unknown {
  return scenes.map((s, i) => {
    const { width: W, height: H } = s.scene.image;
    const result = s.scene.shapes.map((shape) => {
      const common = { id: shape.id, from_name: 'label', to_name: 'image', original_width: W, original_height: H, image_rotation: 0, meta: { stroke: shape.stroke, strokeWidth: shape.strokeWidth } };
      if (shape.kind === 'box') {
        return { ...common, type: 'rectanglelabels', value: { x: (100 * shape.x) / W, y: (100 * shape.y) / H, width: (100 * shape.width) / W, height: (100 * shape.height) / H, rotation: 0, rectanglelabels: ['box'] } };
      }
      const e = ellipseOf(shape);
      return { ...common, type: 'ellipselabels', value: { x: (100 * e.cx) / W, y: (100 * e.cy) / H, radiusX: (100 * e.rx) / W, radiusY: (100 * e.ry) / H, rotation: e.rotation, ellipselabels: ['ellipse'] } };
    });
    return { id: i + 1, data: { image: `${s.extId}.png`, anchor_item: s.extId, anchor_hash: s.scene.image.hash }, annotations: [{ result }] };
  });
}

const num = z.number().finite();
const resultSchema = z.object({
  id: z.string().optional(), type: z.string(), original_width: num.optional(), original_height: num.optional(),
  value: z.object({ x: num, y: num, width: num.optional(), height: num.optional(), radiusX: num.optional(), radiusY: num.optional(),
    rotation: num.optional() }).passthrough(),
  meta: z.object({ stroke: z.string().optional(), strokeWidth: num.optional() }).passthrough().optional(),
});
const taskSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  data: z.record(z.string(), z.unknown()),
  annotations: z.array(z.object({ result: z.array(z.unknown()), was_cancelled: z.boolean().optional() })).default([]),
});

/** Label Studio prefixes uploaded file names with 8 hex digits and a dash. */
const stem = (name: string) => name.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '').replace(/^[0-9a-f]{8}-/, '');

function region(r: z.infer<typeof resultSchema>, W: number, H: number, where: string): ImportedRegion | string | null {
  const v = r.value;
  const style = { id: r.id ?? null, stroke: r.meta?.stroke ?? null, strokeWidth: r.meta?.strokeWidth ?? null };
  if (r.type === 'rectanglelabels' || r.type === 'rectangle') {
    if ((v.rotation ?? 0) !== 0) return `${where}: a rotated rectangle (${v.rotation}°); VRP boxes stay upright, only ellipses rotate`;
    return { kind: 'box', geometry: { x: (v.x * W) / 100, y: (v.y * H) / 100, width: ((v.width ?? 0) * W) / 100, height: ((v.height ?? 0) * H) / 100, rotation: 0 }, ...style };
  }
  if (r.type === 'ellipselabels' || r.type === 'ellipse') {
    const geometry = fromEllipse({ cx: (v.x * W) / 100, cy: (v.y * H) / 100, rx: ((v.radiusX ?? 0) * W) / 100, ry: ((v.radiusY ?? 0) * H) / 100,
      rotation: v.rotation ?? 0 });
    return { kind: 'ellipse', geometry, ...style };
  }
  return null;
}

/** Reads a Label Studio JSON export; results other than rectangles and ellipses (labels, text) are skipped. */
export function readLabelStudio(value: unknown): ImportedImage[] | string {
  if (!Array.isArray(value)) return 'a Label Studio export is a JSON list of tasks';
  const out: ImportedImage[] = [];
  for (const [i, raw] of value.entries()) {
    const task = taskSchema.safeParse(raw);
    if (!task.success) return `task ${i + 1}: ${task.error.issues[0]!.path.join('.')}: ${task.error.issues[0]!.message}`;
    const { data, annotations } = task.data;
    const keys = [data.anchor_item, data.ext_id, data.id, data.index, data.anchor_hash, typeof data.image === 'string' ? stem(data.image) : undefined]
      .flatMap((k) => (typeof k === 'string' || typeof k === 'number' ? [String(k)] : []));
    const image: ImportedImage = { where: `task ${i + 1}`, keys, unit: 'percent', width: null, height: null, regions: [] };
    // The latest annotation that was not cancelled is the one a team means.
    const annotation = [...annotations].reverse().find((a) => !a.was_cancelled);
    for (const [j, rawResult] of (annotation?.result ?? []).entries()) {
      const r = resultSchema.safeParse(rawResult);
      if (!r.success) return `task ${i + 1} result ${j + 1}: ${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
      // Kept in percent: they become pixels of the matching item's own image, whatever size Label Studio saw.
      const read = region(r.data, 100, 100, `task ${i + 1} result ${j + 1}`);
      if (typeof read === 'string') return read;
      if (read) image.regions.push(read);
    }
    out.push(image);
  }
  return out;
}
