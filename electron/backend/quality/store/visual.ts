import type { Db } from '../../db/open';

/** A dataset's panel for the visual-dependency check, as stored (model lists as JSON text). */
export interface PanelRow { text_only: string; vision: string; threshold: number }

export function savePanel(db: Db, datasetId: number, panel: { textOnly: readonly string[]; vision: readonly string[]; threshold: number }, now: string): void {
  db.prepare<[number, string, string, number, string]>(`INSERT INTO visual_panels (dataset_id, text_only, vision, threshold, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (dataset_id) DO UPDATE SET text_only = excluded.text_only, vision = excluded.vision, threshold = excluded.threshold, updated_at = excluded.updated_at`)
    .run(datasetId, JSON.stringify(panel.textOnly), JSON.stringify(panel.vision), panel.threshold, now);
}

export function panelRow(db: Db, datasetId: number): PanelRow | undefined {
  return db.prepare<[number], PanelRow>('SELECT text_only, vision, threshold FROM visual_panels WHERE dataset_id = ?').get(datasetId);
}

/** Datasets with a panel (those `anchor lint` checks). */
export function panelDatasets(db: Db): number[] {
  return db.prepare<[], { dataset_id: number }>('SELECT dataset_id FROM visual_panels ORDER BY dataset_id').all().map((r) => r.dataset_id);
}

/** A question with what is asked of it (its fingerprint's parts) and where it stands. */
export interface CheckedQuestionRow {
  id: number; item_id: number; ext_id: string; source: string | null; role: 'origin' | 'perception' | 'knowledge';
  type: string; text: string; hint: string | null; options: string; answer: string; images: string;
}

const QUESTIONS = `SELECT q.id, q.item_id, i.ext_id, i.source, q.role, q.type, q.text, q.hint, q.options, q.answer,
    coalesce((SELECT group_concat(image_hash, ',') FROM (SELECT image_hash FROM item_images ii WHERE ii.item_id = i.id ORDER BY ii.position)), '') AS images
  FROM questions q JOIN items i ON i.id = q.item_id`;

/** Every question of a dataset (drafts included), in browse order. */
export function datasetQuestions(db: Db, datasetId: number): CheckedQuestionRow[] {
  return db.prepare<[number], CheckedQuestionRow>(`${QUESTIONS} WHERE i.dataset_id = ? ORDER BY i.position, q.role_rank, q.id`).all(datasetId);
}

export function itemQuestions(db: Db, itemId: number): CheckedQuestionRow[] {
  return db.prepare<[number], CheckedQuestionRow>(`${QUESTIONS} WHERE i.id = ? ORDER BY q.role_rank, q.id`).all(itemId);
}

export function itemDataset(db: Db, itemId: number): number | undefined {
  return db.prepare<[number], { dataset_id: number }>('SELECT dataset_id FROM items WHERE id = ?').get(itemId)?.dataset_id;
}

export interface ReadingRow {
  question_id: number; model: string; images: number; fingerprint: string; outcome: 'right' | 'wrong' | 'unread';
  /** The run that gave it (asked by the check, or ticked by the lead); its id stays when the run is deleted. */
  run_id: number | null;
}

/** Every kept reading of a dataset's questions. */
export function datasetReadings(db: Db, datasetId: number): ReadingRow[] {
  return db.prepare<[number], ReadingRow>(`SELECT v.question_id, v.model, v.images, v.fingerprint, v.outcome, v.run_id FROM visual_answers v
    JOIN questions q ON q.id = v.question_id JOIN items i ON i.id = q.item_id WHERE i.dataset_id = ?`).all(datasetId);
}

/** A prediction `p` as a reading: right, unread (nothing could be read and no person corrected it), or wrong. */
export const READING_OUTCOME = `CASE WHEN p.correct = 1 THEN 'right' WHEN p.corrected IS NULL AND p.extraction IN ('failed', 'unanswerable') THEN 'unread'
  ELSE 'wrong' END`;

/**
 * A run's first-pass answers as the check reads them, by the runs' own outcome rule (`OUTCOME_SQL`): right, unread
 * (nothing could be read and no person corrected it), or wrong.
 */
export function runOutcomes(db: Db, runId: number): { question_id: number; outcome: ReadingRow['outcome'] }[] {
  return db.prepare<[number], { question_id: number; outcome: ReadingRow['outcome'] }>(`SELECT p.question_id, ${READING_OUTCOME} AS outcome
    FROM predictions p WHERE p.run_id = ? AND p.pass = 0 AND p.status = 'answered'`).all(runId);
}

export function saveReadings(db: Db, rows: readonly (Omit<ReadingRow, 'images' | 'run_id'> & { images: boolean; runId: number })[], now: string): void {
  const insert = db.prepare<[number, string, number, string, string, number, string]>(`INSERT OR REPLACE INTO visual_answers
    (question_id, model, images, fingerprint, outcome, run_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) insert.run(r.question_id, r.model, r.images ? 1 : 0, r.fingerprint, r.outcome, r.runId, now);
  })();
}
