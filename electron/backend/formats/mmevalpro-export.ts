import { evalTypeFromRole } from '../../../shared/domain/roles';
import type { Db } from '../db/open';
import { exportItems, imageBase64, type ExportSelection } from './export-items';
import { writeAtomically } from './write-lines';

const asNumberIfInteger = (text: string) => (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text);

/**
 * MMEvalPro JSON: a list of question rows grouped by `triplet_id`, images embedded as base64 so the file stands on
 * its own. Rows are written one at a time; only one image is held in memory at once.
 */
export async function exportMmEvalPro(db: Db, datasetId: number, out: string, selection?: ExportSelection) {
  let items = 0;
  let questions = 0;
  let sequence = 0;
  await writeAtomically(out, async (put) => {
    await put('[');
    for (const item of exportItems(db, datasetId, selection)) {
      items++;
      for (const q of item.questions) {
        const imagePosition = typeof q.meta.image === 'number' ? q.meta.image : 0;
        const hash = q.meta.noImage ? undefined : item.imageHashes[imagePosition];
        const row = {
          index: q.extIndex === null ? sequence : asNumberIfInteger(q.extIndex),
          triplet_id: asNumberIfInteger(item.extId),
          question: q.text,
          choices: q.options.map((o) => o.text),
          answer: q.answer[0] ?? '',
          image: hash ? imageBase64(db, hash) : null,
          source: item.source,
          question_category: item.category,
          eval_type: evalTypeFromRole(q.role),
          ...((q.meta.extra ?? {}) as Record<string, unknown>),
          ...(item.review ? { review_state: item.review.state, lead_override: item.review.leadOverride } : {}),
        };
        await put(`${questions === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`);
        questions++;
        sequence++;
      }
    }
    await put('\n]\n');
  });
  return { items, questions };
}
