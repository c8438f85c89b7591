import type { Db } from '../db/open';
import { questionsOf, type StoredQuestion } from '../items/items';
import { hasReviewWorkflow, overriddenItems, type ReviewState } from '../items/review-state';
import { imageBytes } from '../items/images';
import { exportItemRows, itemImageHashes } from './store/export';

export interface ExportItem {
  id: number;
  extId: string;
  source: string | null;
  category: string | null;
  l2Category: string | null;
  subject: string | null;
  split: string | null;
  meta: Record<string, unknown>;
  imageHashes: string[];
  questions: StoredQuestion[];
  /** The triplet's review state; null when the dataset never went through the team workflow. */
  review: ReviewState | null;
}

/**
 * Which items an export takes. `acceptedOnly` is MMEvalPro's released set: triplets both checkers accepted; a lead's
 * override to accepted counts only with `includeOverridden` (METHODS §2).
 */
export interface ExportSelection {
  acceptedOnly: boolean;
  includeOverridden: boolean;
  /**
   * Columns a domain above the formats adds to each question's row, by question id (the visual-dependency check's
   * `answerable_without_image`, docs/FORMATS.md); written after the question's own extra columns, so they are current.
   */
  questionColumns?: ReadonlyMap<number, Readonly<Record<string, string>>>;
}

/** An object stored as JSON text (`meta` columns, which imports always write as objects); anything else reads as {}. */
export function readJsonObject(text: string): Record<string, unknown> {
  return objectOrEmpty(JSON.parse(text));
}

/** A question's columns beyond its format's own (`meta.extra`), kept by imports so exports write them back. */
export function extraColumns(meta: Record<string, unknown>): Record<string, unknown> {
  return objectOrEmpty(meta.extra);
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Streams a dataset's items in file order with their questions and image hashes (never the bytes). */
export function* exportItems(db: Db, datasetId: number, selection: ExportSelection = { acceptedOnly: false, includeOverridden: false }): Generator<ExportItem> {
  const overridden = overriddenItems(db, datasetId);
  const workflow = hasReviewWorkflow(db, datasetId);
  // Rows are read whole first: better-sqlite3 forbids other statements on a connection while one iterates.
  const rows = exportItemRows(db, datasetId, selection.acceptedOnly)
    .filter((r) => !selection.acceptedOnly || selection.includeOverridden || !overridden.has(r.id));
  for (const r of rows) {
    yield {
      review: workflow ? { state: r.status, leadOverride: overridden.has(r.id) } : null,
      id: r.id, extId: r.ext_id, source: r.source, category: r.category, l2Category: r.l2_category, subject: r.subject,
      split: r.split, meta: readJsonObject(r.meta), imageHashes: itemImageHashes(db, r.id), questions: questionsOf(db, r.id),
    };
  }
}

/** An image's bytes as base64, for formats that embed images in their rows. */
export function imageBase64(db: Db, hash: string): string {
  return imageBytes(db, hash).bytes.toString('base64');
}
