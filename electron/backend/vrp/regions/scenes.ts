import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defaultStrokeWidth, DEFAULT_STROKE, emptyScene, sceneSchema, type Scene, type Shape } from '@shared/vrp/scene';
import type { Db } from '../../db/open';
import { AppError } from '../../errors';
import { writeAtomically } from '../../formats/write-lines';
import { canvasItems, getScene, saveScene } from '../scenes';
import { cocoDocument, readCoco } from './coco';
import type { ImportedImage } from './geometry';
import { labelStudioDocument, readLabelStudio } from './label-studio';

export type RegionFormat = 'coco' | 'label-studio';
export interface SceneExport { itemId: number; extId: string; scene: Scene }

/** Every drawn scene of the dataset, in item order. */
function drawnScenes(db: Db, datasetId: number): SceneExport[] {
  return canvasItems(db, datasetId).filter((i) => i.sceneVersion > 0).flatMap((i) => {
    const scene = getScene(db, i.id).scene;
    return scene && scene.shapes.length ? [{ itemId: i.id, extId: i.extId, scene }] : [];
  });
}

/** Writes the dataset's VRP regions as COCO JSON or a Label Studio task list. */
export async function exportRegions(db: Db, datasetId: number, format: RegionFormat, out: string) {
  const scenes = drawnScenes(db, datasetId);
  const doc = format === 'coco' ? cocoDocument(scenes) : labelStudioDocument(scenes);
  await writeAtomically(out, async (put) => put(`${JSON.stringify(doc, null, 1)}\n`));
  return { path: out, scenes: scenes.length, shapes: scenes.reduce((n, s) => n + s.scene.shapes.length, 0) };
}

function readRegionFile(path: string, format: RegionFormat | 'auto'): ImportedImage[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `${basename(path)}: not JSON: ${(error as Error).message}`);
  }
  const kind = format !== 'auto' ? format : Array.isArray(value) ? 'label-studio' : 'coco';
  const read = kind === 'coco' ? readCoco(value) : readLabelStudio(value);
  if (typeof read === 'string') throw new AppError('invalid_input', `${basename(path)}: ${read}`);
  return read;
}

/** The shapes of one picture in the item's pixels, with ids unique in the scene and the studio's stroke where none is given. */
function shapesFor(image: ImportedImage, size: { width: number; height: number }): Shape[] {
  const sx = image.unit === 'percent' ? size.width / 100 : 1;
  const sy = image.unit === 'percent' ? size.height / 100 : 1;
  const used = new Set<string>();
  return image.regions.map((r, n) => {
    let id = r.id && !used.has(r.id) ? r.id : `r${n + 1}`;
    while (used.has(id)) id = `${id}-${n + 1}`;
    used.add(id);
    const g = r.geometry;
    return {
      id, kind: r.kind, x: g.x * sx, y: g.y * sy, width: g.width * sx, height: g.height * sy, rotation: g.rotation,
      stroke: r.stroke && /^#[0-9a-fA-F]{6}$/.test(r.stroke) ? r.stroke : DEFAULT_STROKE, strokeWidth: r.strokeWidth ?? defaultStrokeWidth(size),
    };
  });
}

/**
 * Reads COCO or Label Studio regions and saves them as the scenes of matching items (by item id, file name or image
 * hash), replacing their shapes and keeping their reference text. All or nothing: a picture that matches no item,
 * or one of another size, refuses the file.
 */
export function importRegions(db: Db, datasetId: number, path: string, format: RegionFormat | 'auto', userId: string | null, now: Date) {
  const images = readRegionFile(path, format).filter((im) => im.regions.length > 0);
  const items = canvasItems(db, datasetId);
  const byKey = new Map<string, (typeof items)[number]>();
  for (const item of items) { byKey.set(item.extId, item); byKey.set(item.image.hash, item); }
  const plan = images.map((im) => {
    const item = im.keys.map((k) => byKey.get(k)).find((i) => i !== undefined);
    if (!item) throw new AppError('invalid_input', `${basename(path)}: ${im.where}: matches no item with an image (tried ${im.keys.map((k) => `"${k}"`).join(', ') || 'no id'})`);
    if (im.unit === 'px' && im.width !== null && im.height !== null && (im.width !== item.image.width || im.height !== item.image.height)) {
      throw new AppError('invalid_input', `${basename(path)}: ${im.where}: the picture is ${im.width}×${im.height} but item ${item.extId}'s is ${item.image.width}×${item.image.height}`);
    }
    return { im, item };
  });
  return db.transaction(() => {
    let shapes = 0;
    for (const { im, item } of plan) {
      const current = getScene(db, item.id);
      const base = current.scene ?? emptyScene(item.image, item.question);
      const parsed = sceneSchema.safeParse({ ...base, shapes: shapesFor(im, item.image) });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('invalid_input', `${basename(path)}: ${im.where}: ${issue.path.join('.')}: ${issue.message}`);
      }
      const scene = parsed.data;
      saveScene(db, item.id, current.version, scene, userId, now);
      shapes += scene.shapes.length;
    }
    return { scenes: plan.length, shapes };
  })();
}
