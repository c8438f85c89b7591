import type { Draft, DraftRole, TripletDraft } from '@shared/contract';
import { labelOptions } from '@shared/domain/options';
import { emptyDraft } from '@shared/domain/triplet-validation';
import type { Db } from '../db/open';
import { statement } from '../db/statements';

interface QRow { id: number; role: string; text: string; options: string; answer: string; meta: string }

/** The perception and knowledge questions of an item as the annotator's forms hold them. */
export function readDraft(db: Db, itemId: number): TripletDraft {
  const rows = statement(db, `SELECT id, role, text, options, answer, meta FROM questions WHERE item_id = ? AND role IN ('perception', 'knowledge') ORDER BY id`)
    .all(itemId) as QRow[];
  const draft: TripletDraft = { perception: emptyDraft(), knowledge: emptyDraft() };
  for (const r of rows) {
    const options = JSON.parse(r.options) as { label: string; text: string }[];
    const answer = JSON.parse(r.answer) as string[];
    const meta = JSON.parse(r.meta) as { rationale?: string };
    draft[r.role as DraftRole] = { text: r.text, options: options.map((o) => o.text), answer: answer[0] ?? null, rationale: meta.rationale ?? '' };
  }
  return draft;
}

/** Writes both questions (creating them on first save), keeping any imported metadata beside the rationale. */
export function writeDraft(db: Db, itemId: number, draft: TripletDraft, at: string): void {
  for (const role of ['perception', 'knowledge'] as const) {
    const d: Draft = draft[role];
    const options = JSON.stringify(labelOptions(d.options));
    const answer = JSON.stringify(d.answer ? [d.answer] : []);
    const existing = statement(db, 'SELECT id, meta FROM questions WHERE item_id = ? AND role = ? ORDER BY id LIMIT 1').get(itemId, role) as
      { id: number; meta: string } | undefined;
    if (existing) {
      const meta = { ...(JSON.parse(existing.meta) as Record<string, unknown>), rationale: d.rationale };
      statement(db, `UPDATE questions SET text = ?, options = ?, answer = ?, meta = ?, type = 'multiple-choice', version = version + 1, updated_at = ? WHERE id = ?`)
        .run(d.text, options, answer, JSON.stringify(meta), at, existing.id);
    } else {
      statement(db, `INSERT INTO questions (item_id, role, type, text, options, answer, meta, updated_at) VALUES (?, ?, 'multiple-choice', ?, ?, ?, ?, ?)`)
        .run(itemId, role, d.text, options, answer, JSON.stringify({ rationale: d.rationale }), at);
    }
  }
}
