import type { QuestionType, Role } from '@shared/contract';
import { orderCapabilities } from '@shared/scoring/graded-report';
import { isScoringRule, scoringRules } from '@shared/scoring/rules';
import { roleFromEvalType } from '@shared/domain/roles';
import { checkCancelled, type ImportContext } from './context';
import { isBlank, optionalText, pickExtra, requireString, stringList } from './fields';
import { ItemGroups } from './grouping';
import { resolveImage } from './image-input';
import { at } from './import-error';
import { parseOptions } from './options-input';
import { readJsonl } from './records';

const KNOWN = new Set([
  'id', 'item', 'role', 'question', 'options', 'answer', 'hint', 'image', 'images', 'source', 'category',
  'l2_category', 'subject', 'split', 'scoring', 'capabilities', 'rubric',
]);

/**
 * A line's scoring rule (METHODS §5) and, for graded open answers (§5.1), its capabilities and its own rubric (the
 * grader's instructions in place of MM-Vet's).
 */
function gradedFields(row: Record<string, unknown>, type: QuestionType): Record<string, unknown> {
  const scoring = optionalText(row, 'scoring');
  if (scoring === null) {
    if (!isBlank(row.rubric) || !isBlank(row.capabilities)) throw new Error('"rubric" and "capabilities" need "scoring": "graded"');
    return {};
  }
  if (!isScoringRule(scoring)) throw new Error(`scoring "${scoring}" is not one of ${scoringRules.join(', ')}`);
  if ((scoring === 'choice') !== (type === 'multiple-choice')) throw new Error(`scoring "${scoring}" does not fit a ${type === 'open' ? 'question without options' : 'question with options'}`);
  if (scoring !== 'graded') return { scoring };
  const capabilities = isBlank(row.capabilities) ? [] : orderCapabilities(stringList(row.capabilities, 'capabilities'));
  const rubric = optionalText(row, 'rubric');
  if (rubric !== null && rubric.trim() === '') throw new Error('"rubric" is empty');
  return { scoring, capabilities, ...(rubric === null ? {} : { rubric }) };
}

/**
 * Generic JSONL for custom data (documented in docs/FORMATS.md): one question per line, images as paths relative
 * to the file (or base64). Lines sharing an `item` key form one item, so triplets can be written by hand.
 */
export async function importJsonl(ctx: ImportContext): Promise<void> {
  const groups = new ItemGroups(ctx.sink);
  for await (const { value: row, place, fraction } of readJsonl(ctx.file)) {
    checkCancelled(ctx.signal);
    at(ctx.file, place, () => {
      const line = 'line' in place ? place.line : 0;
      const text = requireString(row, 'question');
      if (text.trim() === '') throw new Error('the question is empty');
      const roleText = optionalText(row, 'role');
      const role: Role | null = roleText === null ? 'origin' : roleFromEvalType(roleText);
      if (!role) throw new Error(`role "${roleText}" is not origin, perception or knowledge`);
      const options = parseOptions(row.options, 'options');
      const answer = isBlank(row.answer) ? [] : Array.isArray(row.answer) ? stringList(row.answer, 'answer') : [optionalText(row, 'answer')!];
      const imageValues = isBlank(row.images) ? (isBlank(row.image) ? [] : [row.image]) : (row.images as unknown[]);
      if (!Array.isArray(imageValues)) throw new Error('field "images" must be a list');
      const hashes = imageValues.map((v) => ctx.sink.putImage(resolveImage(v, ctx.file)));
      const id = optionalText(row, 'id');
      const key = optionalText(row, 'item') ?? id ?? `line-${line}`;
      const { itemId, imageIndex } = groups.question(key, role, () => ({
        extId: key,
        source: optionalText(row, 'source'),
        category: optionalText(row, 'category'),
        l2Category: optionalText(row, 'l2_category'),
        subject: optionalText(row, 'subject'),
        split: optionalText(row, 'split'),
        imageHashes: hashes,
      }));
      const positions = hashes.map(imageIndex);
      const extra = pickExtra(row, KNOWN);
      const type = options.length > 0 ? 'multiple-choice' : 'open';
      ctx.sink.addQuestion(itemId, {
        role,
        type,
        extIndex: id,
        text,
        hint: optionalText(row, 'hint'),
        options,
        answer,
        meta: { ...(Object.keys(extra).length ? { extra } : {}), images: positions, ...gradedFields(row, type) },
      });
    });
    ctx.report(fraction);
  }
}
