import { tripletDraftSchema, type Provenance, type ProvenanceCounts, type TripletDraft } from '@shared/contract';
import { editShare, provenanceKind } from '@shared/domain/provenance';
import type { Db } from '../../db/open';
import { provenanceRow, provenanceShares, putModelDraft, setEditShare } from './store/provenance';

// Read once per save of a drafted triplet, so parsed with the contract's schema (CONTRIBUTING: a column read rarely).
const readModelDraft = (text: string): TripletDraft => tripletDraftSchema.parse(JSON.parse(text));

/** Keeps what a model drafted for an item; the triplet is model-drafted and unchanged until a person saves an edit. */
export function recordModelDraft(db: Db, itemId: number, by: { endpoint: string; model: string; user: string | null }, draft: TripletDraft, at: string): void {
  putModelDraft(db, { item_id: itemId, endpoint: by.endpoint, model: by.model, drafted_at: at, drafted_by: by.user, model_draft: JSON.stringify(draft) });
}

/** After a person's save: how much of the model's draft the saved text changed (nothing to do for human-written). */
export function noteSavedText(db: Db, itemId: number, draft: TripletDraft): void {
  const row = provenanceRow(db, itemId);
  if (row) setEditShare(db, itemId, editShare(readModelDraft(row.model_draft), draft));
}

export function provenanceOf(db: Db, itemId: number): Provenance {
  const row = provenanceRow(db, itemId);
  if (!row) return { kind: 'human', editShare: null, endpoint: null, model: null, draftedAt: null };
  return { kind: provenanceKind(row.edit_share), editShare: row.edit_share, endpoint: row.endpoint, model: row.model, draftedAt: row.drafted_at };
}

/**
 * A dataset's triplets by provenance (the project's when `datasetId` is null): the quality report and the dashboard
 * read this. Counted: triplets with perception or knowledge text, or a model draft.
 */
export function provenanceCounts(db: Db, datasetId: number | null): ProvenanceCounts {
  const shares = provenanceShares(db, datasetId);
  const drafted = shares.filter((s): s is number => s !== null);
  const kinds = shares.map(provenanceKind);
  return {
    human: kinds.filter((k) => k === 'human').length,
    draftedEdited: kinds.filter((k) => k === 'drafted_edited').length,
    draftedUnchanged: kinds.filter((k) => k === 'drafted_unchanged').length,
    meanEditShare: drafted.length === 0 ? null : drafted.reduce((a, b) => a + b, 0) / drafted.length,
  };
}
