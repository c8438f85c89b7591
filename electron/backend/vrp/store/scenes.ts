import type { VariantRow } from '@shared/contract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';

// Statements from `statement()` are shared per connection, so none is switched to `pluck()` here.

/** The SQL of scenes (what is drawn on an item), the canvas's item list and the lookups a variant plan makes. */

export interface SceneRow { doc: string; version: number; updated_at: string; updated_by: string | null }
export interface CanvasRow {
  id: number; ext_id: string; category: string | null; hash: string; width: number; height: number;
  question_id: number | null; question: string | null; doc: string | null; scene_version: number | null;
}
export interface ImageSize { hash: string; width: number; height: number }
export interface VariantDbRow {
  item_id: number; source_item_id: number; source_question_id: number; source_ext_id: string; name: string;
  level: VariantRow['level']; colour: VariantRow['colour']; shape: VariantRow['shape']; font: VariantRow['font'];
  position: VariantRow['position']; width: number; height: number; image_hash: string; created_at: string;
}
/** A variant with what its export record carries beyond the variant row: the source question, scene and dataset. */
export interface VariantExportRow extends VariantDbRow {
  source_dataset: string; question: string; hint: string | null; options: string; answer: string; scene_doc: string | null;
}

export function sceneRow(db: Db, itemId: number): SceneRow | undefined {
  return statement<[number], SceneRow>(db, 'SELECT doc, version, updated_at, updated_by FROM scenes WHERE item_id = ?').get(itemId);
}

export function sceneVersion(db: Db, itemId: number): number | undefined {
  return statement<[number], { version: number }>(db, 'SELECT version FROM scenes WHERE item_id = ?').get(itemId)?.version;
}

/** Writes the scene document: the next version of a stored one, or version 1. */
export function writeScene(db: Db, itemId: number, doc: string, userId: string | null, at: string, exists: boolean): void {
  if (exists) statement(db, 'UPDATE scenes SET doc = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE item_id = ?').run(doc, userId, at, itemId);
  else statement(db, 'INSERT INTO scenes (item_id, doc, version, updated_by, updated_at) VALUES (?, ?, 1, ?, ?)').run(itemId, doc, userId, at);
}

/** The dataset's items with a first image, in import order, with their origin question and scene. */
export function canvasRows(db: Db, datasetId: number): CanvasRow[] {
  return db.prepare<[number], CanvasRow>(`SELECT i.id, i.ext_id, i.category, im.hash, im.width, im.height,
      (SELECT q.id FROM questions q WHERE q.item_id = i.id ORDER BY q.role_rank, q.id LIMIT 1) AS question_id,
      (SELECT q.text FROM questions q WHERE q.item_id = i.id ORDER BY q.role_rank, q.id LIMIT 1) AS question,
      s.doc, s.version AS scene_version
    FROM items i
    JOIN item_images ii ON ii.item_id = i.id AND ii.position = 0
    JOIN images im ON im.hash = ii.image_hash
    LEFT JOIN scenes s ON s.item_id = i.id
    WHERE i.dataset_id = ? ORDER BY i.position`).all(datasetId);
}

export function firstImageRow(db: Db, itemId: number): ImageSize | undefined {
  return statement<[number], ImageSize>(db, `SELECT im.hash, im.width, im.height FROM item_images ii JOIN images im ON im.hash = ii.image_hash
    WHERE ii.item_id = ? ORDER BY ii.position LIMIT 1`).get(itemId);
}

export function itemExists(db: Db, itemId: number): boolean {
  return statement(db, 'SELECT 1 FROM items WHERE id = ?').get(itemId) !== undefined;
}

/** What a variant plan reads per item: its position, its scene and its origin question's hint and options. */
export function planLookups(db: Db) {
  const positionOf = statement<[number], { position: number }>(db, 'SELECT position FROM items WHERE id = ?');
  const sceneOf = statement<[number], { doc: string; version: number }>(db, 'SELECT doc, version FROM scenes WHERE item_id = ?');
  const questionOf = statement<[number], { hint: string | null; options: string }>(db, 'SELECT hint, options FROM questions WHERE id = ?');
  return {
    position: (itemId: number) => positionOf.get(itemId)!.position,
    scene: (itemId: number) => sceneOf.get(itemId),
    question: (questionId: number) => questionOf.get(questionId)!,
  };
}

export function datasetFormat(db: Db, name: string): string | undefined {
  return statement<[string], { format: string }>(db, 'SELECT format FROM datasets WHERE name = ?').get(name)?.format;
}

/** Variants generated from the source dataset, in the derived dataset's order. */
export function variantRows(db: Db, sourceDatasetId: number): VariantDbRow[] {
  return db.prepare<[number], VariantDbRow>(`SELECT v.*, s.ext_id AS source_ext_id FROM variants v
    JOIN items s ON s.id = v.source_item_id JOIN items i ON i.id = v.item_id
    WHERE s.dataset_id = ? ORDER BY i.position`).all(sourceDatasetId);
}

/**
 * The same variants with the source question (its own text, not a full variant's minimal instruction), the source
 * item's scene and the source dataset's name, for the export's metadata.
 */
export function variantExportRows(db: Db, sourceDatasetId: number): VariantExportRow[] {
  return db.prepare<[number], VariantExportRow>(`SELECT v.*, s.ext_id AS source_ext_id, d.name AS source_dataset,
      q.text AS question, q.hint, q.options, q.answer, sc.doc AS scene_doc
    FROM variants v JOIN items s ON s.id = v.source_item_id JOIN items i ON i.id = v.item_id JOIN datasets d ON d.id = s.dataset_id
    JOIN questions q ON q.id = v.source_question_id LEFT JOIN scenes sc ON sc.item_id = v.source_item_id
    WHERE s.dataset_id = ? ORDER BY i.position`).all(sourceDatasetId);
}
