import type { Db } from '../db/open';
import { questionsOf, type StoredQuestion } from '../items/items';
import { hasReviewWorkflow, overriddenItems, type ReviewState } from '../items/review-state';

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
}

/** Streams a dataset's items in file order with their questions and image hashes (never the bytes). */
export function* exportItems(db: Db, datasetId: number, selection: ExportSelection = { acceptedOnly: false, includeOverridden: false }): Generator<ExportItem> {
  const items = db.prepare(`SELECT id, ext_id, source, category, l2_category, subject, split, meta, status FROM items
    WHERE dataset_id = ?${selection.acceptedOnly ? ` AND status = 'accepted'` : ''} ORDER BY position`).iterate(datasetId) as Iterable<{
    id: number; ext_id: string; source: string | null; category: string | null; l2_category: string | null;
    subject: string | null; split: string | null; meta: string; status: string;
  }>;
  const overridden = overriddenItems(db, datasetId);
  const workflow = hasReviewWorkflow(db, datasetId);
  const images = db.prepare('SELECT image_hash FROM item_images WHERE item_id = ? ORDER BY position').pluck();
  // Rows are collected first: better-sqlite3 forbids other statements on a connection while one iterates.
  const rows = [...items].filter((r) => !selection.acceptedOnly || selection.includeOverridden || !overridden.has(r.id));
  for (const r of rows) {
    yield {
      review: workflow ? { state: r.status, leadOverride: overridden.has(r.id) } : null,
      id: r.id, extId: r.ext_id, source: r.source, category: r.category, l2Category: r.l2_category, subject: r.subject,
      split: r.split, meta: JSON.parse(r.meta), imageHashes: images.all(r.id) as string[], questions: questionsOf(db, r.id),
    };
  }
}

export function imageBase64(db: Db, hash: string): string {
  const row = db.prepare('SELECT bytes FROM images WHERE hash = ?').get(hash) as { bytes: Buffer };
  return row.bytes.toString('base64');
}
