import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { defaultStrokeWidth, DEFAULT_STROKE, emptyScene, sceneSchema, type Scene, type Shape } from '@shared/vrp/scene';
import type { Db } from '../../db/open';
import { AppError } from '../../errors';
import { writeAtomically } from '../../formats/write-lines';
import { imageBytes } from '../../items/images';
import { IMAGE_EXTENSIONS } from '../export';
import { canvasItems, getScene, saveScene } from '../scenes';
import { cocoDocument, readCoco } from './coco';
import type { ImportedImage } from './geometry';
import { labelStudioConfig, labelStudioDocument, LOCAL_FILES_PREFIX } from './label-studio';
import { readLabelStudio, type LabelStudioRead } from './label-studio-import';

export type RegionFormat = 'coco' | 'label-studio';
export interface SceneExport { itemId: number; extId: string; scene: Scene }

/** Every drawn scene of the dataset, in item order. */
function drawnScenes(db: Db, datasetId: number): SceneExport[] {
  return canvasItems(db, datasetId).filter((i) => i.sceneVersion > 0).flatMap((i) => {
    const scene = getScene(db, i.id).scene;
    return scene && scene.shapes.length ? [{ itemId: i.id, extId: i.extId, scene }] : [];
  });
}

/** A file name from an item id: characters a file system or a URL may mind become `_`; a name taken gets `-2`, `-3`… */
function fileName(extId: string, extension: string, used: Set<string>): string {
  const base = extId.replace(/[^\p{L}\p{N}._ -]/gu, '_').replace(/^\.+/, '_') || 'item';
  let name = `${base}.${extension}`;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}.${extension}`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * Label Studio needs the pictures where it can serve them: they are written to `<name>-images/` beside the export (the
 * tasks name them by that folder's path), with the label config the tasks are made for as `<name>-config.xml`.
 */
function writeLabelStudioFiles(db: Db, scenes: readonly SceneExport[], out: string): { config: string; images: string[] } {
  const stem = basename(out).replace(/\.json$/i, '');
  const folder = `${stem}-images`;
  mkdirSync(join(dirname(out), folder), { recursive: true });
  const used = new Set<string>();
  const images = scenes.map((s) => {
    const image = imageBytes(db, s.scene.image.hash);
    const name = fileName(s.extId, IMAGE_EXTENSIONS[image.mime] ?? 'bin', used);
    writeFileSync(join(dirname(out), folder, name), image.bytes);
    return `${folder}/${name}`;
  });
  const config = join(dirname(out), `${stem}-config.xml`);
  writeFileSync(config, labelStudioConfig());
  return { config, images };
}

/**
 * Writes the dataset's VRP regions as COCO JSON or a Label Studio task list (with its pictures and label config, each
 * picture named in `data.image` as `imagePrefix` + its path: by default Label Studio's local-files URL, the export's
 * folder being its document root). The regions file is renamed into place last, so one that exists has everything it
 * names beside it.
 */
export async function exportRegions(db: Db, datasetId: number, format: RegionFormat, out: string, imagePrefix = LOCAL_FILES_PREFIX) {
  const scenes = drawnScenes(db, datasetId);
  let doc: unknown;
  let config: string | null = null;
  if (format === 'coco') doc = cocoDocument(scenes);
  else {
    let files: { config: string; images: string[] };
    try {
      files = writeLabelStudioFiles(db, scenes, out);
    } catch (error) {
      throw new AppError('export_failed', `cannot write the pictures and label config beside ${basename(out)}: ${(error as Error).message}`);
    }
    config = files.config;
    doc = labelStudioDocument(scenes, files.images, imagePrefix);
  }
  await writeAtomically(out, async (put) => put(`${JSON.stringify(doc, null, 1)}\n`));
  return { path: out, config, scenes: scenes.length, shapes: scenes.reduce((n, s) => n + s.scene.shapes.length, 0) };
}

function readRegionFile(path: string, format: RegionFormat | 'auto'): LabelStudioRead {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `${basename(path)}: not JSON: ${(error as Error).message}`);
  }
  const kind = format !== 'auto' ? format : Array.isArray(value) ? 'label-studio' : 'coco';
  const coco = kind === 'coco' ? readCoco(value) : null;
  const read = coco === null ? readLabelStudio(value) : typeof coco === 'string' ? coco : { images: coco, skipped: {} };
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
  const read = readRegionFile(path, format);
  const images = read.images.filter((im) => im.regions.length > 0);
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
    return { scenes: plan.length, shapes, skipped: read.skipped };
  })();
}
