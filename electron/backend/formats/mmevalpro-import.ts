import { roleFromEvalType } from '@shared/domain/roles';
import { checkCancelled, type ImportContext } from './context';
import { isBlank, optionalText, pickExtra, requireId, requireString } from './fields';
import { ItemGroups } from './grouping';
import { resolveImage } from './image-input';
import { at } from './import-error';
import { parseOptions } from './options-input';
import { readRecords } from './records';

const KNOWN = new Set(['index', 'triplet_id', 'question', 'choices', 'answer', 'image', 'source', 'question_category', 'eval_type']);

/**
 * MMEvalPro (JSON, JSONL or parquet): one row per question; rows sharing `triplet_id` form one item whose questions
 * are told apart by `eval_type`. Gold answers are stored as published, even when they are not an option label —
 * the dataset lint reports those instead of the import refusing the official release.
 */
export async function importMmEvalPro(ctx: ImportContext): Promise<void> {
  const groups = new ItemGroups(ctx.sink);
  for await (const { value: row, place, fraction } of readRecords(ctx.file)) {
    checkCancelled(ctx.signal);
    at(ctx.file, place, () => {
      if (row.question === undefined && row.model_output !== undefined) {
        throw new Error('this is an MMEvalPro model-output file, not a dataset; score it with `anchor score`');
      }
      const tripletId = requireId(row, 'triplet_id');
      const evalType = requireString(row, 'eval_type');
      const role = roleFromEvalType(evalType);
      if (!role) throw new Error(`eval_type "${evalType}" is not Origin, Perception or Knowledge`);
      const text = requireString(row, 'question');
      if (text.trim() === '') throw new Error('the question is empty');
      const options = parseOptions(row.choices, 'choices');
      // An empty list would store a question with no options whose gold answer ("B") nothing can be scored against.
      if (options.length === 0 && !isBlank(row.choices)) throw new Error('field "choices" is an empty list: an MMEvalPro question needs its options');
      const answer = optionalText(row, 'answer');
      const hash = isBlank(row.image) ? null : ctx.sink.putImage(resolveImage(row.image, ctx.file));
      const { itemId, imageIndex } = groups.question(tripletId, role, () => ({
        extId: tripletId,
        source: optionalText(row, 'source'),
        category: optionalText(row, 'question_category'),
        imageHashes: hash ? [hash] : [],
      }));
      const extra = pickExtra(row, KNOWN);
      const position = hash ? imageIndex(hash) : null;
      ctx.sink.addQuestion(itemId, {
        role,
        type: options.length > 0 ? 'multiple-choice' : 'open',
        extIndex: optionalText(row, 'index'),
        text,
        options,
        answer: answer === null ? [] : [answer],
        meta: {
          ...(Object.keys(extra).length ? { extra } : {}),
          ...(position ? { image: position } : {}),
          ...(hash === null ? { noImage: true } : {}),
        },
      });
    });
    ctx.report(fraction);
  }
}
