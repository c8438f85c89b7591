import type { CanvasItem, SceneRecord } from '@shared/contract';
import { loadScene, SceneLoadError } from '@shared/vrp/migrate';
import type { Scene } from '@shared/vrp/scene';
import type { Db } from '../db/open';
import { appendRevision } from '../db/revisions';
import { statement } from '../db/statements';
import { AppError } from '../errors';

interface SceneRow { doc: string; version: number; updated_at: string; updated_by: string | null }

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
  const row = statement(db, 'SELECT doc, version, updated_at, updated_by FROM scenes WHERE item_id = ?').get(itemId) as SceneRow | undefined;
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
    const current = statement(db, 'SELECT version FROM scenes WHERE item_id = ?').get(itemId) as { version: number } | undefined;
    const stored = current?.version ?? 0;
    if (stored !== version) {
      throw new AppError('conflict', `the scene of item ${itemId} was saved elsewhere (now version ${stored}, yours was ${version}); reload it to see the other changes`);
    }
    const at = now.toISOString();
    const doc = JSON.stringify(scene);
    if (current) {
      statement(db, 'UPDATE scenes SET doc = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE item_id = ?').run(doc, userId, at, itemId);
    } else {
      statement(db, 'INSERT INTO scenes (item_id, doc, version, updated_by, updated_at) VALUES (?, ?, 1, ?, ?)').run(itemId, doc, userId, at);
    }
    appendRevision(db, 'scene', itemId, userId, at, current ? 'update' : 'create', { version: stored + 1, scene });
    return { itemId, scene, version: stored + 1, updatedAt: at, updatedBy: userId };
  })();
}

interface CanvasRow {
  id: number; ext_id: string; category: string | null; hash: string; width: number; height: number;
  question_id: number | null; question: string | null; doc: string | null; scene_version: number | null;
}

/** The dataset's items that have an image, in import order, with their origin question and what is drawn. */
export function canvasItems(db: Db, datasetId: number): CanvasItem[] {
  const rows = db.prepare(`SELECT i.id, i.ext_id, i.category, im.hash, im.width, im.height,
      (SELECT q.id FROM questions q WHERE q.item_id = i.id ORDER BY q.role_rank, q.id LIMIT 1) AS question_id,
      (SELECT q.text FROM questions q WHERE q.item_id = i.id ORDER BY q.role_rank, q.id LIMIT 1) AS question,
      s.doc, s.version AS scene_version
    FROM items i
    JOIN item_images ii ON ii.item_id = i.id AND ii.position = 0
    JOIN images im ON im.hash = ii.image_hash
    LEFT JOIN scenes s ON s.item_id = i.id
    WHERE i.dataset_id = ? ORDER BY i.position`).all(datasetId) as CanvasRow[];
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

export function firstImage(db: Db, itemId: number): { hash: string; width: number; height: number } | undefined {
  return statement(db, `SELECT im.hash, im.width, im.height FROM item_images ii JOIN images im ON im.hash = ii.image_hash
    WHERE ii.item_id = ? ORDER BY ii.position LIMIT 1`).get(itemId) as { hash: string; width: number; height: number } | undefined;
}

function requireItem(db: Db, itemId: number): void {
  if (!statement(db, 'SELECT 1 FROM items WHERE id = ?').get(itemId)) throw new AppError('not_found', `item ${itemId} does not exist`);
}
