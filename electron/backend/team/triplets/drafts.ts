import type { Draft, TripletDraft } from '@shared/contract';
import { labelOptions } from '@shared/domain/options';
import { emptyDraft } from '@shared/domain/triplet-validation';
import type { Db } from '../../db/open';
import { draftQuestionRows, firstQuestionOfRole, insertDraftQuestion, updateDraftQuestion } from './store/drafts';
import { readAnswer, readOptions, readQuestionMeta } from './store/json';

/** The perception and knowledge questions of an item as the annotator's forms hold them. */
export function readDraft(db: Db, itemId: number): TripletDraft {
  const rows = draftQuestionRows(db, itemId);
  const draft: TripletDraft = { perception: emptyDraft(), knowledge: emptyDraft() };
  for (const r of rows) {
    draft[r.role] = { text: r.text, options: readOptions(r.options).map((o) => o.text), answer: readAnswer(r.answer)[0] ?? null, rationale: readQuestionMeta(r.meta).rationale ?? '' };
  }
  return draft;
}

/** Writes both questions (creating them on first save), keeping any imported metadata beside the rationale. */
export function writeDraft(db: Db, itemId: number, draft: TripletDraft, at: string): void {
  for (const role of ['perception', 'knowledge'] as const) {
    const d: Draft = draft[role];
    const options = JSON.stringify(labelOptions(d.options));
    const answer = JSON.stringify(d.answer ? [d.answer] : []);
    const existing = firstQuestionOfRole(db, itemId, role);
    if (existing) {
      const meta = { ...readQuestionMeta(existing.meta), rationale: d.rationale };
      updateDraftQuestion(db, existing.id, { text: d.text, options, answer, meta: JSON.stringify(meta) }, at);
    } else {
      insertDraftQuestion(db, itemId, role, { text: d.text, options, answer, meta: JSON.stringify({ rationale: d.rationale }) }, at);
    }
  }
}
