import { evalTypeFromRole } from '@shared/domain/roles';
import type { Db } from '../db/open';
import { exportItems, extraColumns, imageBase64, type ExportSelection } from './export-items';
import { writeAtomically } from './write-lines';

export const asNumberIfInteger = (text: string) => (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text);

/** One question as the MMEvalPro release lays it out, with its image by hash (the caller decides how to embed it). */
export interface MmEvalProRow {
  fields: {
    index: number | string; triplet_id: number | string; question: string; choices: string[]; answer: string;
    source: string | null; question_category: string | null; eval_type: string;
  };
  extra: Record<string, unknown>;
  imageHash: string | null;
}

/** The dataset's questions in file order, grouped by triplet, in MMEvalPro's columns. */
export function* mmevalproRows(db: Db, datasetId: number, selection?: ExportSelection): Generator<MmEvalProRow, { items: number; questions: number }> {
  let items = 0;
  let questions = 0;
  for (const item of exportItems(db, datasetId, selection)) {
    items++;
    for (const q of item.questions) {
      const imagePosition = typeof q.meta.image === 'number' ? q.meta.image : 0;
      yield {
        fields: {
          index: q.extIndex === null ? questions : asNumberIfInteger(q.extIndex),
          triplet_id: asNumberIfInteger(item.extId),
          question: q.text,
          choices: q.options.map((o) => o.text),
          answer: q.answer[0] ?? '',
          source: item.source,
          question_category: item.category,
          eval_type: evalTypeFromRole(q.role),
        },
        // Once a dataset has been through review, every row says its triplet's state and whether a lead overrode it.
        extra: {
          ...extraColumns(q.meta), ...(item.review ? { review_state: item.review.state, lead_override: item.review.leadOverride } : {}),
          ...selection?.questionColumns?.get(q.id),
        },
        imageHash: q.meta.noImage ? null : item.imageHashes[imagePosition] ?? null,
      };
      questions++;
    }
  }
  return { items, questions };
}

/**
 * MMEvalPro JSON: a list of question rows grouped by `triplet_id`, images embedded as base64 so the file stands on
 * its own. Rows are written one at a time; only one image is held in memory at once.
 */
export async function exportMmEvalPro(db: Db, datasetId: number, out: string, selection?: ExportSelection) {
  let counts = { items: 0, questions: 0 };
  await writeAtomically(out, async (put) => {
    await put('[');
    const rows = mmevalproRows(db, datasetId, selection);
    let n = 0;
    for (let next = rows.next(); ; next = rows.next()) {
      if (next.done) { counts = next.value; break; }
      const { fields, extra, imageHash } = next.value;
      const { source, question_category, eval_type, ...head } = fields;
      // Keys in the release's order: the image sits between answer and source.
      const row = { ...head, image: imageHash ? imageBase64(db, imageHash) : null, source, question_category, eval_type, ...extra };
      await put(`${n++ === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`);
    }
    await put('\n]\n');
  });
  return counts;
}
