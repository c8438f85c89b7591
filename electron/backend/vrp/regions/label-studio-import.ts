import { z } from 'zod';
import { fileStems, fromEllipse, type ImportedImage, type ImportedRegion } from './geometry';

const num = z.number().finite();
const valueSchema = z.object({
  x: num, y: num, width: num.optional(), height: num.optional(), radiusX: num.optional(), radiusY: num.optional(), rotation: num.optional(),
}).passthrough();
const resultSchema = z.object({
  id: z.string().optional(), type: z.string(), value: valueSchema,
  meta: z.object({ stroke: z.string().optional(), strokeWidth: num.optional() }).passthrough().optional(),
});
const taskSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  annotations: z.array(z.object({ result: z.array(z.unknown()), was_cancelled: z.boolean().optional() })).default([]),
});

const BOX_TYPES = new Set(['rectanglelabels', 'rectangle']);
const ELLIPSE_TYPES = new Set(['ellipselabels', 'ellipse']);

/** What one export file gave: pictures with their regions, and the results that were no shape, counted by type. */
export interface LabelStudioRead { images: ImportedImage[]; skipped: Record<string, number> }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const issue = (where: string, error: z.ZodError) => `${where}: ${error.issues[0]!.path.join('.')}: ${error.issues[0]!.message}`;

/** A region in percent of the picture (kept so: it becomes pixels of the matching item's own picture). */
function region(kind: 'box' | 'ellipse', v: z.infer<typeof valueSchema>, style: Omit<ImportedRegion, 'kind' | 'geometry'>, where: string): ImportedRegion | string {
  if (kind === 'box') {
    if ((v.rotation ?? 0) !== 0) return `${where}: a rotated rectangle (${v.rotation}°); VRP boxes stay upright, only ellipses rotate`;
    return { kind, geometry: { x: v.x, y: v.y, width: v.width ?? 0, height: v.height ?? 0, rotation: 0 }, ...style };
  }
  return { kind, geometry: fromEllipse({ cx: v.x, cy: v.y, rx: v.radiusX ?? 0, ry: v.radiusY ?? 0, rotation: v.rotation ?? 0 }), ...style };
}

/** The keys that may name a task's item: ids in its data, the picture's hash, the picture's file name. */
function keysOf(data: Record<string, unknown>, fields: readonly string[]): string[] {
  const keys = fields.flatMap((f) => (typeof data[f] === 'string' || typeof data[f] === 'number' ? [String(data[f])] : []));
  return typeof data.image === 'string' ? [...keys, ...fileStems(data.image)] : keys;
}

/** A task of the JSON export: results other than rectangles and ellipses (choices, text…) are counted and skipped. */
function readTask(raw: unknown, where: string, skipped: Record<string, number>): ImportedImage | string {
  const task = taskSchema.safeParse(raw);
  if (!task.success) return issue(where, task.error);
  const { data, annotations } = task.data;
  const image: ImportedImage = {
    where, keys: keysOf(data, ['anchor_item', 'ext_id', 'id', 'index', 'anchor_hash']), unit: 'percent', width: null, height: null, regions: [],
  };
  // The latest annotation that was not cancelled is the one a team means.
  const annotation = [...annotations].reverse().find((a) => !a.was_cancelled);
  for (const [j, raw] of (annotation?.result ?? []).entries()) {
    const type = isObject(raw) && typeof raw.type === 'string' ? raw.type : 'untyped';
    const kind = BOX_TYPES.has(type) ? 'box' : ELLIPSE_TYPES.has(type) ? 'ellipse' : null;
    if (!kind) { skipped[type] = (skipped[type] ?? 0) + 1; continue; }
    const r = resultSchema.safeParse(raw);
    if (!r.success) return issue(`${where} result ${j + 1}`, r.error);
    const read = region(kind, r.data.value, { id: r.data.id ?? null, stroke: r.data.meta?.stroke ?? null, strokeWidth: r.data.meta?.strokeWidth ?? null }, `${where} result ${j + 1}`);
    if (typeof read === 'string') return read;
    image.regions.push(read);
  }
  return image;
}

/** A shape value of the JSON_MIN export, told by its label list or its geometry's fields. */
function minKind(v: Record<string, unknown>): 'box' | 'ellipse' | null {
  if ('ellipselabels' in v || ('radiusX' in v && 'radiusY' in v)) return 'ellipse';
  if ('rectanglelabels' in v || ('width' in v && 'height' in v && 'x' in v && 'y' in v)) return 'box';
  return null;
}

/**
 * A row of the JSON_MIN export: the task's data fields and each control's values side by side (`box: [{x, y, width,
 * height, rectanglelabels}]`, `quality: "clear"`), `id` being Label Studio's task id. Values that are no shape are
 * data or other controls, read past.
 */
function readMinRow(row: Record<string, unknown>, where: string): ImportedImage | string {
  const image: ImportedImage = { where, keys: keysOf(row, ['anchor_item', 'ext_id', 'index', 'anchor_hash']), unit: 'percent', width: null, height: null, regions: [] };
  for (const [name, field] of Object.entries(row)) {
    const values = (Array.isArray(field) ? field : [field]).filter(isObject);
    for (const [j, raw] of values.entries()) {
      const kind = minKind(raw);
      if (!kind) continue;
      const v = valueSchema.safeParse(raw);
      if (!v.success) return issue(`${where} ${name}[${j}]`, v.error);
      const read = region(kind, v.data, { id: null, stroke: null, strokeWidth: null }, `${where} ${name}[${j}]`);
      if (typeof read === 'string') return read;
      image.regions.push(read);
    }
  }
  return image;
}

/** Reads a Label Studio export, JSON (tasks with `data` and `annotations`) or JSON_MIN (one flat row per task). */
export function readLabelStudio(value: unknown): LabelStudioRead | string {
  if (!Array.isArray(value)) return 'a Label Studio export is a JSON list of tasks';
  const skipped: Record<string, number> = {};
  const images: ImportedImage[] = [];
  for (const [i, raw] of value.entries()) {
    const where = `task ${i + 1}`;
    if (!isObject(raw)) return `${where}: not an object`;
    const read = isObject(raw.data) ? readTask(raw, where, skipped) : readMinRow(raw, where);
    if (typeof read === 'string') return read;
    images.push(read);
  }
  return { images, skipped };
}
