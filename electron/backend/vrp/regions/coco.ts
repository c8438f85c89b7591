import { z } from 'zod';
import type { Shape } from '@shared/vrp/scene';
import { ellipseBounds, ellipseOf, fileStems, fromEllipse, type ImportedImage, type ImportedRegion } from './geometry';
import { ellipseFromPolygon, polygonArea, polygonBounds, shapePolygon } from './polygon';
import type { SceneExport } from './scenes';

const CATEGORIES = [{ id: 1, name: 'box', supercategory: 'region' }, { id: 2, name: 'ellipse', supercategory: 'region' }];

/**
 * One COCO annotation: `segmentation` a polygon (a box's corners, an ellipse's polygon within ELLIPSE_TOLERANCE_PX),
 * `area` that polygon's, `bbox` the shape's exact bounds; `anchor_shape` the shape itself, so a re-import is exact.
 */
function annotationOf(shape: Shape, id: number, imageId: number) {
  const ellipse = shape.kind === 'ellipse';
  const e = ellipseOf(shape);
  const polygon = shapePolygon(shape);
  return {
    id, image_id: imageId, category_id: ellipse ? 2 : 1, iscrowd: 0,
    bbox: ellipse ? ellipseBounds(e) : [shape.x, shape.y, shape.width, shape.height],
    area: polygonArea(polygon),
    segmentation: [polygon],
    anchor_shape: { kind: shape.kind, x: shape.x, y: shape.y, width: shape.width, height: shape.height, rotation: shape.rotation },
    attributes: {
      shape_id: shape.id, stroke: shape.stroke, stroke_width: shape.strokeWidth,
      ...(ellipse ? { cx: e.cx, cy: e.cy, rx: e.rx, ry: e.ry, rotation: e.rotation } : {}),
    },
  };
}

/** COCO instance JSON (detection and segmentation): every region with a polygon, a box and its exact geometry. */
export function cocoDocument(scenes: readonly SceneExport[]): unknown {
  let annotation = 0;
  const images = scenes.map((s, i) => ({
    id: i + 1, file_name: `${s.extId}.png`, width: s.scene.image.width, height: s.scene.image.height,
    anchor: { item: s.extId, hash: s.scene.image.hash },
  }));
  const annotations = scenes.flatMap((s, i) => s.scene.shapes.map((shape: Shape) => annotationOf(shape, ++annotation, i + 1)));
  return { info: { description: 'VRP regions exported by Anchor Studio', version: '1.0' }, images, annotations, categories: CATEGORIES };
}

const num = z.number().finite();
const id = z.union([z.number(), z.string()]);
const cocoSchema = z.object({
  images: z.array(z.object({
    id, file_name: z.string().optional(), width: num.optional(), height: num.optional(),
    anchor: z.object({ item: z.string().optional(), hash: z.string().optional() }).optional(),
  })),
  annotations: z.array(z.object({
    image_id: id, category_id: id, bbox: z.array(num).length(4).optional(),
    // Polygons, or a crowd region's run-length mask (which we cannot draw, so the box stands for it).
    segmentation: z.union([z.array(z.array(num)), z.object({}).passthrough()]).optional(),
    anchor_shape: z.object({
      kind: z.enum(['box', 'ellipse']), x: num, y: num, width: num, height: num, rotation: num.default(0),
    }).optional(),
    attributes: z.object({
      shape_id: z.string().optional(), stroke: z.string().optional(), stroke_width: num.optional(),
      cx: num.optional(), cy: num.optional(), rx: num.optional(), ry: num.optional(), rotation: num.optional(),
    }).passthrough().optional(),
  })),
  categories: z.array(z.object({ id, name: z.string() })),
});
type CocoAnnotation = z.infer<typeof cocoSchema>['annotations'][number];

/** The first polygon of a polygon segmentation (ours have one), or null for none or a run-length mask. */
function firstPolygon(a: CocoAnnotation): number[] | null {
  const s = a.segmentation;
  return Array.isArray(s) && s[0] && s[0].length >= 6 && s[0].length % 2 === 0 ? s[0] : null;
}

/**
 * A region's geometry, from the most exact source the annotation has: our `anchor_shape`, then an ellipse's centre
 * and radii in `attributes` (our earlier exports), then the polygon (an ellipse fitted to it; a box its bounds), then
 * `bbox`. A string says why none fits.
 */
function geometryOf(a: CocoAnnotation, ellipseCategory: boolean): Pick<ImportedRegion, 'kind' | 'geometry'> | string {
  if (a.anchor_shape) {
    const { kind, ...geometry } = a.anchor_shape;
    return { kind, geometry };
  }
  const at = a.attributes ?? {};
  const ellipse = ellipseCategory || (at.rx !== undefined && at.ry !== undefined);
  if (ellipse && at.cx !== undefined && at.cy !== undefined && at.rx !== undefined && at.ry !== undefined) {
    return { kind: 'ellipse', geometry: fromEllipse({ cx: at.cx, cy: at.cy, rx: at.rx, ry: at.ry, rotation: at.rotation ?? 0 }) };
  }
  const polygon = firstPolygon(a);
  const fitted = ellipse && polygon ? ellipseFromPolygon(polygon) : null;
  if (fitted) return { kind: 'ellipse', geometry: fromEllipse(fitted) };
  const box = a.bbox ?? (polygon ? polygonBounds(polygon) : null);
  if (!box) return 'neither a bbox nor a polygon segmentation';
  const [x, y, width, height] = box as [number, number, number, number];
  return { kind: ellipse ? 'ellipse' : 'box', geometry: { x, y, width, height, rotation: 0 } };
}

/** Reads COCO JSON; an ellipse is told by our exact shape, its category's name, or carrying centre and radii. */
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
    const shape = geometryOf(a, ellipseCategories.has(String(a.category_id)));
    if (typeof shape === 'string') return `annotations[${i}]: ${shape}`;
    const at = a.attributes ?? {};
    image.regions.push({ ...shape, id: at.shape_id ?? null, stroke: at.stroke ?? null, strokeWidth: at.stroke_width ?? null });
  }
  return [...byImage.values()];
}
