import type { ItemDetail, Question } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { ruleOf } from '@shared/scoring/rules';

interface ItemRow {
  id: number; dataset_id: number; dataset_name: string; ext_id: string; position: number; source: string | null;
  category: string | null; l2_category: string | null; subject: string | null; split: string | null;
  status: ItemDetail['status']; meta: string;
}
interface QuestionDbRow {
  id: number; role: Question['role']; type: Question['type']; ext_index: string | null; text: string; hint: string | null;
  options: string; answer: string; version: number; meta: string;
}

export type StoredQuestion = Question & { meta: Record<string, unknown> };

export function questionsOf(db: Db, itemId: number): StoredQuestion[] {
  const rows = db.prepare(`SELECT id, role, type, ext_index, text, hint, options, answer, version, meta FROM questions
    WHERE item_id = ? ORDER BY role_rank, id`).all(itemId) as QuestionDbRow[];
  return rows.map((q) => ({
    id: q.id, role: q.role, type: q.type, extIndex: q.ext_index, text: q.text, hint: q.hint,
    options: JSON.parse(q.options), answer: JSON.parse(q.answer), scoring: ruleOf(q.type, q.meta), version: q.version, meta: JSON.parse(q.meta),
  }));
}

export function getItem(db: Db, id: number): ItemDetail {
  const item = db.prepare(`SELECT i.*, d.name AS dataset_name FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`)
    .get(id) as ItemRow | undefined;
  if (!item) throw new AppError('not_found', `item ${id} does not exist`);
  const images = db.prepare(`SELECT im.hash, im.mime, im.width, im.height, im.size FROM item_images ii
    JOIN images im ON im.hash = ii.image_hash WHERE ii.item_id = ? ORDER BY ii.position`).all(id) as ItemDetail['images'];
  return {
    id: item.id, datasetId: item.dataset_id, datasetName: item.dataset_name, extId: item.ext_id, source: item.source,
    category: item.category, l2Category: item.l2_category, subject: item.subject, split: item.split, status: item.status,
    images, questions: questionsOf(db, id).map(({ meta: _meta, ...q }) => q), meta: JSON.parse(item.meta),
  };
}

export function itemNeighbours(db: Db, id: number): { previous: number | null; next: number | null } {
  const item = db.prepare('SELECT dataset_id, position FROM items WHERE id = ?').get(id) as { dataset_id: number; position: number } | undefined;
  if (!item) throw new AppError('not_found', `item ${id} does not exist`);
  const previous = db.prepare('SELECT id FROM items WHERE dataset_id = ? AND position < ? ORDER BY position DESC LIMIT 1')
    .get(item.dataset_id, item.position) as { id: number } | undefined;
  const next = db.prepare('SELECT id FROM items WHERE dataset_id = ? AND position > ? ORDER BY position LIMIT 1')
    .get(item.dataset_id, item.position) as { id: number } | undefined;
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}
