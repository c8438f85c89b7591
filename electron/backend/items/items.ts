import type { ItemDetail, Question } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { ruleOf } from '@shared/scoring/rules';
import { readAnswer, readMeta, readOptions } from './columns';
import { itemImages, itemRow, neighbourIds, questionRows } from './store';

export type StoredQuestion = Question & { meta: Record<string, unknown> };

export function questionsOf(db: Db, itemId: number): StoredQuestion[] {
  return questionRows(db, itemId).map((q) => ({
    id: q.id, role: q.role, type: q.type, extIndex: q.ext_index, text: q.text, hint: q.hint,
    options: readOptions(q.options), answer: readAnswer(q.answer), scoring: ruleOf(q.type, q.meta), version: q.version, meta: readMeta(q.meta),
  }));
}

export function getItem(db: Db, id: number): ItemDetail {
  const item = itemRow(db, id);
  if (!item) throw new AppError('not_found', `item ${id} does not exist`);
  const images = itemImages(db, id);
  return {
    id: item.id, datasetId: item.dataset_id, datasetName: item.dataset_name, extId: item.ext_id, source: item.source,
    category: item.category, l2Category: item.l2_category, subject: item.subject, split: item.split, status: item.status,
    images, questions: questionsOf(db, id).map(({ meta: _meta, ...q }) => q), meta: readMeta(item.meta),
  };
}

export function itemNeighbours(db: Db, id: number): { previous: number | null; next: number | null } {
  const found = neighbourIds(db, id);
  if (!found) throw new AppError('not_found', `item ${id} does not exist`);
  return found;
}
