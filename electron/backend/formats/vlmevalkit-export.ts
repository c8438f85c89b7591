import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/open';
import { exportItems, extraColumns, imageBase64, type ExportItem, type ExportSelection } from './export-items';
import { filledGroupings, hasTripletRoles, maxOptionCount } from './store/export';
import { hasReviewWorkflow } from '../items/review-state';
import type { StoredQuestion } from '../items/items';
import { CircularRows, type Cells } from './vlmevalkit-export-circular';
import { writeAtomically } from './write-lines';

const REVIEW_COLUMNS = ['review_state', 'lead_override'];
/** A triplet's questions are rows of their own; these columns (which VLMEvalKit reads past) say whose and which. */
const TRIPLET_COLUMNS = ['triplet_id', 'role'];
const line = (cells: string[]) => stringify([cells], { delimiter: '\t', record_delimiter: 'unix' });

/**
 * The columns written. VLMEvalKit's `report_acc` groups by `split`, `l2-category` and `category` whenever the column
 * exists, so one that is empty on every row would add a NaN column to its `_acc.csv` (and an empty split a NaN
 * overall): such a column is left out.
 */
function headerFor(db: Db, datasetId: number, storedColumns: string[] | undefined, selection: ExportSelection | undefined, triplets: boolean): string[] {
  const letters = Array.from({ length: maxOptionCount(db, datasetId) }, (_, i) => String.fromCharCode(65 + i));
  const base = storedColumns ?? ['index', 'image', 'question', 'hint', ...letters, 'answer', 'category', 'l2-category', 'split', 'source'];
  const filled = filledGroupings(db, datasetId, selection?.acceptedOnly ?? false);
  const empty = new Set([filled.category ? null : 'category', filled.l2Category ? null : 'l2-category', filled.split ? null : 'split']);
  const kept = base.filter((c) => !empty.has(c));
  const added = [...new Set([...(selection?.questionColumns?.values() ?? [])].flatMap((c) => Object.keys(c)))].filter((c) => !kept.includes(c));
  const review = hasReviewWorkflow(db, datasetId) ? REVIEW_COLUMNS : [];
  return [...kept, ...(triplets ? TRIPLET_COLUMNS.filter((c) => !kept.includes(c)) : []), ...review, ...added];
}

/** A question's row as cells by column. */
function questionCells(item: ExportItem, q: StoredQuestion, index: string, image: string, tripletColumns: boolean): Cells {
  const cells: Cells = Object.fromEntries(Object.entries(extraColumns(q.meta)).map(([k, v]) => [k, String(v)]));
  for (const o of q.options) cells[o.label] = o.text;
  Object.assign(cells, {
    index, image, image_path: typeof item.meta.imagePath === 'string' ? item.meta.imagePath : '', question: q.text, hint: q.hint ?? '',
    answer: q.answer.join(' | '), category: item.category ?? '', 'l2-category': item.l2Category ?? '', split: item.split ?? '',
    source: item.source ?? '', ...(tripletColumns ? { triplet_id: item.extId, role: q.role } : {}),
    review_state: item.review?.state ?? '', lead_override: item.review ? String(item.review.leadOverride) : '',
  });
  return cells;
}

/**
 * VLMEvalKit TSV: one row per question. An image set already written is referenced by the first row's index, as
 * VLMEvalKit's own files do, so a benchmark that reuses images does not grow with each reuse. A question imported
 * from a circular file gets its copies back, in the file's order (vlmevalkit-export-circular.ts); a dataset with
 * triplets numbers its rows and says each row's triplet and role in two extra columns.
 */
export async function exportVlmEvalKit(db: Db, datasetId: number, storedColumns: string[] | undefined, out: string, selection?: ExportSelection) {
  const triplets = hasTripletRoles(db, datasetId);
  const header = headerFor(db, datasetId, storedColumns, selection, triplets);
  // A TSV read back with these columns keeps writing them, even when its triplets hold only origin questions.
  const tripletColumns = TRIPLET_COLUMNS.every((c) => header.includes(c));
  const row = (cells: Cells) => line(header.map((column) => (Object.hasOwn(cells, column) ? cells[column]! : '')));
  const written = new Map<string, string>();
  let items = 0;
  let questions = 0;
  await writeAtomically(out, async (put) => {
    await put(line(header));
    const circular = new CircularRows(async (cells) => put(row(cells)));
    for (const item of exportItems(db, datasetId, selection)) {
      items++;
      for (const q of item.questions) {
        questions++;
        // TSV indexes are integers: keep the source's own where it was a TSV of one question per item, else number rows.
        const index = storedColumns && !triplets ? item.extId : String(questions - 1);
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
        const cells = { ...questionCells(item, q, index, image, tripletColumns), ...selection?.questionColumns?.get(q.id) };
        await circular.before(q);
        await put(row(cells));
        await circular.after(q, cells);
      }
    }
    await circular.flush();
  });
  return { items, questions };
}
