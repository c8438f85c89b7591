import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

/** SQL of `triplet_provenance` (migration 0020): a row per model-drafted triplet; no row is human-written. */

export interface ProvenanceRow {
  item_id: number; endpoint: string; model: string; drafted_at: string; drafted_by: string | null; model_draft: string; edit_share: number;
}

export function provenanceRow(db: Db, itemId: number): ProvenanceRow | undefined {
  return statement<[number], ProvenanceRow>(db, 'SELECT * FROM triplet_provenance WHERE item_id = ?').get(itemId);
}

/** A new model draft replaces the one before: provenance is measured against the draft the form was last filled with. */
export function putModelDraft(db: Db, row: Omit<ProvenanceRow, 'edit_share'>): void {
  statement(db, `INSERT INTO triplet_provenance (item_id, endpoint, model, drafted_at, drafted_by, model_draft, edit_share) VALUES (?, ?, ?, ?, ?, ?, 0)
    ON CONFLICT (item_id) DO UPDATE SET endpoint = excluded.endpoint, model = excluded.model, drafted_at = excluded.drafted_at,
      drafted_by = excluded.drafted_by, model_draft = excluded.model_draft, edit_share = 0`)
    .run(row.item_id, row.endpoint, row.model, row.drafted_at, row.drafted_by, row.model_draft);
}

export function setEditShare(db: Db, itemId: number, share: number): void {
  statement(db, 'UPDATE triplet_provenance SET edit_share = ? WHERE item_id = ?').run(share, itemId);
}

/**
 * A dataset's triplets that have any perception or knowledge text or a model draft (all datasets when null), each
 * with its edit share (null: human-written).
 */
export function provenanceShares(db: Db, datasetId: number | null): (number | null)[] {
  return statement<[number | null, number | null], number | null>(db, `SELECT p.edit_share FROM items i
    LEFT JOIN triplet_provenance p ON p.item_id = i.id
    WHERE (? IS NULL OR i.dataset_id = ?)
      AND (p.item_id IS NOT NULL OR EXISTS (SELECT 1 FROM questions q WHERE q.item_id = i.id AND q.role IN ('perception', 'knowledge') AND q.text <> ''))`)
    .pluck().all(datasetId, datasetId);
}
