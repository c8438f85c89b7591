import type { CanvasItem, SceneRecord } from '@shared/contract';
import { loadScene, SceneLoadError } from '@shared/vrp/migrate';
import type { Scene } from '@shared/vrp/scene';
import type { Db } from '../db/open';
import { appendRevision } from '../db/revisions';
import { AppError } from '../errors';
import { canvasRows, firstImageRow, itemExists, sceneRow, sceneVersion, writeScene, type ImageSize } from './store/scenes';

/** Parses a stored scene, turning "from a newer schema" and damage into a message that names the item. */
export function parseStoredScene(itemId: number, doc: string): Scene {
  try {
    return loadScene(doc);
  } catch (error) {
    if (error instanceof SceneLoadError) throw new AppError('unsupported', `item ${itemId}: ${error.message}`);
    throw error;
  }
}

export function getScene(db: Db, itemId: number): SceneRecord {
  requireItem(db, itemId);
  const row = sceneRow(db, itemId);
  if (!row) return { itemId, scene: null, version: 0, updatedAt: null, updatedBy: null };
  return { itemId, scene: parseStoredScene(itemId, row.doc), version: row.version, updatedAt: row.updated_at, updatedBy: row.updated_by };
}

/**
 * Saves a scene if `version` is still the stored one, appending the whole document to the history; a save made from
 * an older copy is refused (another window or person saved since) and leaves everything as it was.
 */
export function saveScene(db: Db, itemId: number, version: number, scene: Scene, userId: string | null, now: Date): SceneRecord {
  return db.transaction(() => {
    const image = firstImage(db, itemId);
    if (!image) throw new AppError('invalid_input', `item ${itemId} has no image to draw on`);
    if (image.hash !== scene.image.hash || image.width !== scene.image.width || image.height !== scene.image.height) {
      throw new AppError('invalid_input', `the scene was drawn on another image than item ${itemId}'s (${image.width}×${image.height}, ${image.hash.slice(0, 12)}…)`);
    }
    const ids = new Set<string>();
    for (const shape of scene.shapes) {
      if (ids.has(shape.id)) throw new AppError('invalid_input', `two shapes share the id ${shape.id}`);
      ids.add(shape.id);
    }
    const current = sceneVersion(db, itemId);
    const stored = current ?? 0;
    if (stored !== version) {
      throw new AppError('conflict', `the scene of item ${itemId} was saved elsewhere (now version ${stored}, yours was ${version}); reload it to see the other changes`);
    }
    const at = now.toISOString();
    const doc = JSON.stringify(scene);
    writeScene(db, itemId, doc, userId, at, current !== undefined);
    appendRevision(db, 'scene', itemId, userId, at, current !== undefined ? 'update' : 'create', { version: stored + 1, scene });
    return { itemId, scene, version: stored + 1, updatedAt: at, updatedBy: userId };
  })();
}

/** The dataset's items that have an image, in import order, with their origin question and what is drawn. */
export function canvasItems(db: Db, datasetId: number): CanvasItem[] {
  const rows = canvasRows(db, datasetId);
  return rows.filter((r) => r.question_id !== null).map((r) => {
    let shapes = 0;
    let hasText = false;
    if (r.doc) {
      // A list must not fail for one unreadable scene; opening that item says why.
      try {
        const scene = loadScene(r.doc);
        shapes = scene.shapes.length;
        hasText = scene.text.content.trim() !== '';
      } catch {
        shapes = 0;
      }
    }
    return {
      id: r.id, extId: r.ext_id, category: r.category, image: { hash: r.hash, width: r.width, height: r.height },
      questionId: r.question_id!, question: r.question ?? '', shapes, hasText, sceneVersion: r.scene_version ?? 0,
    };
  });
}

export function firstImage(db: Db, itemId: number): ImageSize | undefined {
  return firstImageRow(db, itemId);
}

function requireItem(db: Db, itemId: number): void {
  if (!itemExists(db, itemId)) throw new AppError('not_found', `item ${itemId} does not exist`);
}
