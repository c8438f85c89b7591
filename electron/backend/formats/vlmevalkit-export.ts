import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/open';
import { exportItems, extraColumns, imageBase64, type ExportSelection } from './export-items';
import { maxOptionCount } from './store/export';
import { hasReviewWorkflow } from '../items/review-state';
import { OPTION_COLUMN } from './vlmevalkit-columns';
import { writeAtomically } from './write-lines';

const REVIEW_COLUMNS = ['review_state', 'lead_override'];
const line = (cells: string[]) => stringify([cells], { delimiter: '\t', record_delimiter: 'unix' });

function headerFor(db: Db, datasetId: number, storedColumns: string[] | undefined): string[] {
  if (storedColumns) return storedColumns;
  const letters = Array.from({ length: maxOptionCount(db, datasetId) }, (_, i) => String.fromCharCode(65 + i));
  return ['index', 'image', 'question', 'hint', ...letters, 'answer', 'category', 'l2-category', 'split', 'source'];
}

/**
 * VLMEvalKit TSV: one row per question. An image set already written is referenced by the first row's index, as
 * VLMEvalKit's own files do, so a benchmark that reuses images does not grow with each reuse.
 */
export async function exportVlmEvalKit(db: Db, datasetId: number, storedColumns: string[] | undefined, out: string, selection?: ExportSelection) {
  // A dataset that went through review says each triplet's state in two extra columns (METHODS §2).
  const header = [...headerFor(db, datasetId, storedColumns), ...(hasReviewWorkflow(db, datasetId) ? REVIEW_COLUMNS : [])];
  const written = new Map<string, string>();
  let items = 0;
  let questions = 0;
  await writeAtomically(out, async (put) => {
    await put(line(header));
    for (const item of exportItems(db, datasetId, selection)) {
      items++;
      for (const q of item.questions) {
        questions++;
        // TSV indexes are integers: keep the source's own where it was a TSV, number rows in order otherwise.
        const index = storedColumns ? item.extId : String(questions - 1);
        const key = item.imageHashes.join(',');
        let image = '';
        if (item.imageHashes.length > 0) {
          const seen = written.get(key);
          if (seen !== undefined) image = seen;
          else {
            const encoded = item.imageHashes.map((h) => imageBase64(db, h));
            image = encoded.length === 1 ? encoded[0]! : JSON.stringify(encoded);
            written.set(key, index);
          }
        }
        const extra = extraColumns(q.meta);
        const options = new Map(q.options.map((o) => [o.label, o.text]));
        const cells = header.map((column) => {
          if (OPTION_COLUMN.test(column)) return options.get(column) ?? '';
          switch (column) {
            case 'index': return index;
            case 'image': return image;
            case 'image_path': return typeof item.meta.imagePath === 'string' ? item.meta.imagePath : '';
            case 'question': return q.text;
            case 'hint': return q.hint ?? '';
            case 'answer': return q.answer.join(' | ');
            case 'category': return item.category ?? '';
            case 'l2-category': return item.l2Category ?? '';
            case 'split': return item.split ?? '';
            case 'source': return item.source ?? '';
            case 'review_state': return item.review?.state ?? '';
            case 'lead_override': return item.review ? String(item.review.leadOverride) : '';
            default: return extra[column] === undefined ? '' : String(extra[column]);
          }
        });
        await put(line(cells));
      }
    }
  });
  return { items, questions };
}
