import type { DraftRole } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

/** The perception and knowledge questions of an item, as the annotator writes them. */

export interface DraftQuestionRow { id: number; role: DraftRole; text: string; options: string; answer: string; meta: string }
export interface DraftWrite { text: string; options: string; answer: string; meta: string }

export function draftQuestionRows(db: Db, itemId: number): DraftQuestionRow[] {
  return statement<[number], DraftQuestionRow>(db, `SELECT id, role, text, options, answer, meta FROM questions WHERE item_id = ? AND role IN ('perception', 'knowledge') ORDER BY id`)
    .all(itemId);
}

export function firstQuestionOfRole(db: Db, itemId: number, role: string): { id: number; meta: string } | undefined {
  return statement<[number, string], { id: number; meta: string }>(db, 'SELECT id, meta FROM questions WHERE item_id = ? AND role = ? ORDER BY id LIMIT 1').get(itemId, role);
}

export function updateDraftQuestion(db: Db, id: number, q: DraftWrite, at: string): void {
  statement(db, `UPDATE questions SET text = ?, options = ?, answer = ?, meta = ?, type = 'multiple-choice', version = version + 1, updated_at = ? WHERE id = ?`)
    .run(q.text, q.options, q.answer, q.meta, at, id);
}

export function insertDraftQuestion(db: Db, itemId: number, role: string, q: DraftWrite, at: string): void {
  statement(db, `INSERT INTO questions (item_id, role, type, text, options, answer, meta, updated_at) VALUES (?, ?, 'multiple-choice', ?, ?, ?, ?, ?)`)
    .run(itemId, role, q.text, q.options, q.answer, q.meta, at);
}

/** The text of the item's origin question, or null when it has none. */
export function originText(db: Db, itemId: number): string | null {
  return statement<[number], string>(db, `SELECT text FROM questions WHERE item_id = ? AND role = 'origin' LIMIT 1`).pluck().get(itemId) ?? null;
}
