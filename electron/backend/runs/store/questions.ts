import type { Role } from '@shared/contract';
import type { Level } from '@shared/vrp/relations';
import { editableStatuses } from '@shared/domain/triplet-state';
import type { Db } from '../../db/open';
import { questionWhere } from '../../items/questions';
import type { FrozenConfig } from '../config';

/** What runs read of the questions, items and images of a dataset: to plan a run, and to match an imported file. */

export interface SelectedQuestion {
  id: number; type: 'multiple-choice' | 'open'; options: string; answer: string;
  /** JSON: a question imported from a circular file keeps the file's copies here (`circular`). */
  meta: string;
  /** The VRPTest intervention level when the question's item is a variant (full variants draw their options). */
  vrp_level: Level | null;
}

/**
 * Which triplet questions a run may ask (DECISIONS 100), as SQL on `q` and `i`: origin questions and items outside the
 * workflow always; perception and knowledge once submitted (not while annotating or returned), once accepted, or
 * always when a lead chose drafts.
 */
function tripletClause(triplets: FrozenConfig['selection']['triplets']): string {
  if (triplets === 'drafts') return '';
  const handedIn = triplets === 'accepted' ? "i.status = 'accepted'" : `i.status NOT IN (${editableStatuses.map((s) => `'${s}'`).join(', ')})`;
  return `AND (q.role = 'origin' OR NOT EXISTS (SELECT 1 FROM assignments a WHERE a.item_id = i.id) OR ${handedIn})`;
}

/** The questions a configuration selects, in browse order (dataset file order, then origin → perception → knowledge). */
export function selectQuestions(db: Db, selection: FrozenConfig['selection']): SelectedQuestion[] {
  const w = questionWhere({ datasetId: selection.datasetId, ...selection.filter });
  const roles = selection.roles as Role[];
  const sql = `SELECT q.id, q.type, q.options, q.answer, q.meta, (SELECT v.level FROM variants v WHERE v.item_id = q.item_id) AS vrp_level
    FROM questions q JOIN items i ON i.id = q.item_id
    ${w.sql} AND q.role IN (SELECT value FROM json_each(?)) ${tripletClause(selection.triplets)} ORDER BY i.position, q.role_rank, q.id
    ${selection.limit !== null ? 'LIMIT ?' : ''}`;
  const params = [...w.params, JSON.stringify(roles), ...(selection.limit !== null ? [selection.limit] : [])];
  return db.prepare<unknown[], SelectedQuestion>(sql).all(...params);
}

export interface QuestionDetail { id: number; type: 'multiple-choice' | 'open'; text: string; hint: string | null; item_id: number; ext_id: string; vrp_level: Level | null }
export interface ImageSize { hash: string; width: number; height: number }

/** Readers for the dry run, prepared once for the many units it walks. */
export function planReaders(db: Db): { question: (id: number) => QuestionDetail; images: (itemId: number) => ImageSize[] } {
  const detail = db.prepare<[number], QuestionDetail>('SELECT id, type, text, hint, item_id, (SELECT i.ext_id FROM items i WHERE i.id = questions.item_id) AS ext_id, (SELECT v.level FROM variants v WHERE v.item_id = questions.item_id) AS vrp_level FROM questions WHERE id = ?');
  const images = db.prepare<[number], ImageSize>(`SELECT im.hash, im.width, im.height FROM item_images ii JOIN images im ON im.hash = ii.image_hash
    WHERE ii.item_id = ? ORDER BY ii.position`);
  // The dry run walks the ids the selection just returned, so each question is there.
  return { question: (id) => detail.get(id)!, images: (itemId) => images.all(itemId) };
}

/** A question as matching needs it; `meta` carries its scoring rule (METHODS §5). */
export interface Target { id: number; type: 'multiple-choice' | 'open'; options: string; answer: string; meta: string }

export function datasetQuestionsForMatching(db: Db, datasetId: number): (Target & { text: string; role: Role })[] {
  return db.prepare<[number], Target & { text: string; role: Role }>(`SELECT q.id, q.type, q.options, q.answer, q.meta, q.text, q.role FROM questions q JOIN items i ON i.id = q.item_id
    WHERE i.dataset_id = ?`).all(datasetId);
}

/** Finds a dataset's question by its item's external id and role, through one prepared statement. */
export function questionByExtId(db: Db, datasetId: number): (extId: string, role: Role) => Target | undefined {
  // `+q.role` keeps SQLite off the role index, which it otherwise picks: a scan of every question of that role for
  // each row of a prediction file, seconds for a few thousand rows with the server held (issue 29).
  const byId = db.prepare<[number, string, Role], Target>(`SELECT q.id, q.type, q.options, q.answer, q.meta FROM questions q JOIN items i ON i.id = q.item_id
    WHERE i.dataset_id = ? AND i.ext_id = ? AND +q.role = ? ORDER BY q.id LIMIT 1`);
  return (extId, role) => byId.get(datasetId, extId, role);
}

export function datasetName(db: Db, id: number): { id: number; name: string } | undefined {
  return db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM datasets WHERE id = ?').get(id);
}
