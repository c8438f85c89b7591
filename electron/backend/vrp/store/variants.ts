import { readFileSync } from 'node:fs';
import type { VariantResult } from '@shared/contract';
import { colourValues, fontValues, FULL_INTERVENTION_PROMPT, levels, positionValues, shapeValues, type VariantSpec } from '@shared/vrp/relations';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { statement } from '../../db/statements';
import { questionsOf } from '../../items/items';
import type { FullPlan, PlannedOriginal } from '../plan';

/** A variant item already in the target dataset, with its picture and question, to tell unchanged from updated. */
interface ExistingVariant { id: number; image_hash: string | null; text: string | null; hint: string | null; options: string | null; answer: string | null }
interface SourceItem { source: string | null; category: string | null; l2_category: string | null; subject: string | null; split: string | null }

/** A drawn variant waiting in the scratch folder for the final transaction. */
export interface StagedVariant {
  original: PlannedOriginal;
  spec: VariantSpec;
  name: string;
  file: string;
  hash: string;
  mime: string;
  width: number;
  height: number;
}

interface JobMeta {
  jobId: string; title: string; startedAt: string; userId: string | null; now: Date; input: unknown;
}

/** A variant's rank in the full factorial, so positions in the derived dataset group by original in a fixed order. */
function specRank(spec: VariantSpec): number {
  const axes = [
    [levels, spec.level], [colourValues, spec.colour], [shapeValues, spec.shape], [fontValues, spec.font], [positionValues, spec.position],
  ] as const;
  let rank = 0;
  for (const [values, value] of axes) rank = rank * values.length + (values as readonly string[]).indexOf(value);
  return rank;
}
const RANKS = levels.length * colourValues.length * shapeValues.length * fontValues.length * positionValues.length;

/**
 * Writes staged variants in one transaction: the derived dataset (made on first use), one item per variant with its
 * image and its question (copied from the source question; a full-intervention question becomes the minimal
 * instruction), and the metadata row linking it to its source. Regenerating updates a variant in place (same item,
 * same question ids, so earlier runs stay attached) and leaves an unchanged one alone.
 */
export function storeVariants(db: Db, plan: FullPlan, staged: readonly StagedVariant[], job: JobMeta): VariantResult {
  const at = job.now.toISOString();
  return db.transaction(() => {
    const datasetId = ensureDataset(db, plan, at);
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const insertImage = statement(db, 'INSERT OR IGNORE INTO images (hash, mime, size, width, height, bytes) VALUES (?, ?, ?, ?, ?, ?)');
    const existing = statement<[number, string], ExistingVariant>(db, `SELECT i.id, v.image_hash, q.text, q.hint, q.options, q.answer FROM items i
      LEFT JOIN variants v ON v.item_id = i.id LEFT JOIN questions q ON q.item_id = i.id
      WHERE i.dataset_id = ? AND i.ext_id = ?`);
    const sourceItem = statement<[number], SourceItem>(db, 'SELECT source, category, l2_category, subject, split FROM items WHERE id = ?');
    const questionsByItem = new Map<number, ReturnType<typeof questionsOf>>();
    for (const v of [...staged].sort((a, b) => a.original.position - b.original.position || specRank(a.spec) - specRank(b.spec))) {
      const found = existing.get(datasetId, v.name);
      let questions = questionsByItem.get(v.original.itemId);
      if (!questions) questionsByItem.set(v.original.itemId, (questions = questionsOf(db, v.original.itemId)));
      const question = questions.find((q) => q.id === v.original.questionId) ?? questions[0]!;
      const text = v.spec.level === 'full' ? FULL_INTERVENTION_PROMPT : question.text;
      const options = JSON.stringify(question.options);
      const answer = JSON.stringify(question.answer);
      // Unchanged only if the picture and the question are: a corrected source question reaches its variants too.
      if (found && found.image_hash === v.hash && found.text === text && found.hint === question.hint && found.options === options && found.answer === answer) {
        counts.unchanged++;
        continue;
      }
      const bytes = readFileSync(v.file);
      insertImage.run(v.hash, v.mime, bytes.length, v.width, v.height, bytes);
      const values = { level: v.spec.level, colour: v.spec.colour, shape: v.spec.shape, font: v.spec.font, position: v.spec.position };
      const variantOf = { itemId: v.original.itemId, questionId: question.id, extId: v.original.extId, dataset: plan.summary.dataset };
      const meta = JSON.stringify({ vrp: values, variantOf });
      let itemId: number;
      if (found) {
        itemId = found.id;
        statement(db, 'UPDATE item_images SET image_hash = ? WHERE item_id = ? AND position = 0').run(v.hash, itemId);
        statement(db, 'UPDATE items SET meta = ?, version = version + 1 WHERE id = ?').run(meta, itemId);
        statement(db, `UPDATE questions SET text = ?, hint = ?, options = ?, answer = ?, meta = ?, version = version + 1, updated_at = ?
          WHERE item_id = ?`).run(text, question.hint, options, answer, meta, at, itemId);
        counts.updated++;
      } else {
        // The plan was made from this item, so its row is there.
        const src = sourceItem.get(v.original.itemId)!;
        itemId = Number(statement(db, `INSERT INTO items (dataset_id, ext_id, position, source, category, l2_category, subject, split, meta)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
          datasetId, v.name, v.original.position * RANKS + specRank(v.spec), src.source, src.category, src.l2_category, src.subject, src.split, meta,
        ).lastInsertRowid);
        statement(db, 'INSERT INTO item_images (item_id, position, image_hash) VALUES (?, 0, ?)').run(itemId, v.hash);
        statement(db, `INSERT INTO questions (item_id, role, type, ext_index, text, hint, options, answer, meta, updated_at)
          VALUES (?, 'origin', ?, ?, ?, ?, ?, ?, ?, ?)`).run(
          itemId, question.type, question.extIndex, text, question.hint, options, answer, meta, at,
        );
        counts.created++;
      }
      statement(db, `INSERT OR REPLACE INTO variants (item_id, source_item_id, source_question_id, name, level, colour, shape, font, position,
          width, height, image_hash, scene_version, job_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        itemId, v.original.itemId, question.id, v.name, values.level, values.colour, values.shape, values.font, values.position,
        v.width, v.height, v.hash, v.spec.level === 'none' ? null : v.original.sceneVersion, job.jobId, at,
      );
    }
    appendRevision(db, 'dataset', datasetId, job.userId, at, 'variants', { source: plan.summary.dataset, variants: staged.length, ...counts });
    statement(db, `INSERT INTO jobs (id, kind, title, status, done, total, unit, input, result, started_at, finished_at)
      VALUES (?, 'variants', ?, 'done', ?, ?, 'variants', ?, ?, ?, ?)`).run(
      job.jobId, job.title, staged.length, staged.length, JSON.stringify(job.input), JSON.stringify(counts), job.startedAt, at,
    );
    return {
      datasetId, dataset: plan.summary.target, originals: plan.originals.length, variants: staged.length, ...counts, out: null,
    };
  })();
}

function ensureDataset(db: Db, plan: FullPlan, at: string): number {
  const name = plan.summary.target;
  const row = statement<[string], { id: number; format: string }>(db, 'SELECT id, format FROM datasets WHERE name = ?').get(name);
  if (row) {
    if (row.format !== 'vrp') throw new AppError('conflict', `a dataset named "${name}" exists and does not hold variants; rename it first`);
    return row.id;
  }
  const meta = JSON.stringify({ vrpSource: { id: plan.datasetId, name: plan.summary.dataset } });
  return Number(statement(db, 'INSERT INTO datasets (name, format, meta, created_at) VALUES (?, ?, ?, ?)').run(name, 'vrp', meta, at).lastInsertRowid);
}
