import { z } from 'zod';
import type { Shape } from '@shared/vrp/scene';
import { ellipseBounds, ellipseOf, fileStems, fromEllipse, type ImportedImage } from './geometry';
import type { SceneExport } from './scenes';

const CATEGORIES = [{ id: 1, name: 'box', supercategory: 'region' }, { id: 2, name: 'ellipse', supercategory: 'region' }];

/** COCO object detection JSON: boxes as `bbox`; ellipses as their bounding box plus centre, radii and rotation as attributes. */
export function cocoDocument(scenes: readonly SceneExport[]): unknown {
  let annotation = 0;
  const images = scenes.map((s, i) => ({
    id: i + 1, file_name: `${s.extId}.png`, width: s.scene.image.width, height: s.scene.image.height,
    anchor: { item: s.extId, hash: s.scene.image.hash },
  }));
  const annotations = scenes.flatMap((s, i) => s.scene.shapes.map((shape: Shape) => {
    const e = ellipseOf(shape);
    const ellipse = shape.kind === 'ellipse';
    const bbox = ellipse ? ellipseBounds(e) : [shape.x, shape.y, shape.width, shape.height];
    return {
      id: ++annotation, image_id: i + 1, category_id: ellipse ? 2 : 1, bbox, iscrowd: 0,
      area: ellipse ? Math.PI * e.rx * e.ry : shape.width * shape.height,
      attributes: {
        shape_id: shape.id, stroke: shape.stroke, stroke_width: shape.strokeWidth,
        ...(ellipse ? { cx: e.cx, cy: e.cy, rx: e.rx, ry: e.ry, rotation: e.rotation } : {}),
      },
    };
  }));
  return { info: { description: 'VRP regions exported by Anchor Studio', version: '1.0' }, images, annotations, categories: CATEGORIES };
}

const num = z.number().finite();
const cocoSchema = z.object({
  images: z.array(z.object({
    id: z.union([z.number(), z.string()]), file_name: z.string().optional(), width: num.optional(), height: num.optional(),
    anchor: z.object({ item: z.string().optional(), hash: z.string().optional() }).optional(),
  })),
  annotations: z.array(z.object({
    image_id: z.union([z.number(), z.string()]), category_id: z.union([z.number(), z.string()]), bbox: z.array(num).length(4),
    attributes: z.object({
      shape_id: z.string().optional(), stroke: z.string().optional(), stroke_width: num.optional(),
      cx: num.optional(), cy: num.optional(), rx: num.optional(), ry: num.optional(), rotation: num.optional(),
    }).passthrough().optional(),
  })),
  categories: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })),
});

/** Reads COCO JSON; an ellipse is told by its category's name or by carrying centre and radii. */
export function readCoco(value: unknown): ImportedImage[] | string {
  const parsed = cocoSchema.safeParse(value);
  if (!parsed.success) return `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`;
  const doc = parsed.data;
  const ellipseCategories = new Set(doc.categories.filter((c) => /ellipse/i.test(c.name)).map((c) => String(c.id)));
  const byImage = new Map(doc.images.map((im, i) => [String(im.id), {
    where: `images[${i}]`, unit: 'px' as const, width: im.width ?? null, height: im.height ?? null, regions: [] as ImportedImage['regions'],
    keys: [im.anchor?.item, im.anchor?.hash, ...(im.file_name ? fileStems(im.file_name) : [])].filter((k): k is string => Boolean(k)),
  }]));
  for (const [i, a] of doc.annotations.entries()) {
    const image = byImage.get(String(a.image_id));
    if (!image) return `annotations[${i}]: image_id ${a.image_id} is not among the images`;
    const at = a.attributes ?? {};
    const ellipse = ellipseCategories.has(String(a.category_id)) || (at.rx !== undefined && at.ry !== undefined);
    const [x, y, w, h] = a.bbox as [number, number, number, number];
    const geometry = ellipse && at.cx !== undefined && at.cy !== undefined && at.rx !== undefined && at.ry !== undefined
      ? fromEllipse({ cx: at.cx, cy: at.cy, rx: at.rx, ry: at.ry, rotation: at.rotation ?? 0 })
      : { x, y, width: w, height: h, rotation: 0 };
    image.regions.push({ kind: ellipse ? 'ellipse' : 'box', geometry, id: at.shape_id ?? null, stroke: at.stroke ?? null, strokeWidth: at.stroke_width ?? null });
  }
  return [...byImage.values()];
}
