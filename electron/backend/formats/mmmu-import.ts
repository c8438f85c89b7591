import { checkCancelled, type ImportContext } from './context';
import { isBlank, optionalText, pickExtra, requireId, requireString } from './fields';
import { resolveImage } from './image-input';
import { at } from './import-error';
import { parseAnswerList, parseOptions } from './options-input';
import { readRecords } from './records';

const IMAGE_SLOTS = [1, 2, 3, 4, 5, 6, 7];
const KNOWN = new Set(['id', 'question', 'options', 'answer', 'question_type', ...IMAGE_SLOTS.map((k) => `image_${k}`)]);
const ID = /^(dev|validation|test)_(.+)_(\d+)$/;

/**
 * MMMU (JSON or parquet): one row = one item with one origin question. `<image k>` placeholders stay in the text;
 * `meta.imageSlots` maps each stored image back to its k so prompts can put images where the question names them.
 */
export async function importMmmu(ctx: ImportContext): Promise<void> {
  for await (const { value: row, place, fraction } of readRecords(ctx.file)) {
    checkCancelled(ctx.signal);
    at(ctx.file, place, () => {
      const id = requireId(row, 'id');
      const text = requireString(row, 'question');
      const options = parseOptions(row.options, 'options');
      const questionType = optionalText(row, 'question_type') ?? 'multiple-choice';
      const type = questionType === 'multiple-choice' ? 'multiple-choice' : 'open';
      const rawAnswer = optionalText(row, 'answer');
      const slots: number[] = [];
      const hashes: string[] = [];
      for (const k of IMAGE_SLOTS) {
        const value = row[`image_${k}`];
        if (isBlank(value)) continue;
        try {
          hashes.push(ctx.sink.putImage(resolveImage(value, ctx.file)));
        } catch (error) {
          throw new Error(`image_${k}: ${(error as Error).message}`, { cause: error });
        }
        slots.push(k);
      }
      const match = ID.exec(id);
      const itemId = ctx.sink.addItem({
        extId: id,
        source: 'MMMU',
        subject: match ? match[2] : null,
        split: match ? match[1] : null,
        category: optionalText(row, 'subfield'),
        imageHashes: hashes,
        meta: { imageSlots: slots, ...pickExtra(row, KNOWN) },
      });
      ctx.sink.addQuestion(itemId, {
        role: 'origin',
        type,
        extIndex: id,
        text,
        options,
        answer: rawAnswer === null ? [] : type === 'open' ? parseAnswerList(rawAnswer) : [rawAnswer],
        meta: { questionType, ...(rawAnswer !== null ? { answerRaw: rawAnswer } : {}) },
      });
    });
    ctx.report(fraction);
  }
}
