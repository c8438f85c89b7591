import { z } from 'zod';
import type { Option } from '../contract/entities';
import { circularPasses, type CircularPass, type CircularPlan } from './circular';

/**
 * A question imported from a circular file VLMEvalKit's `CIRCULAR()` wrote (index n, n + 1e6, n + 2e6, …): the file's
 * copies are kept as the question's passes rather than regenerated (METHODS §5), so a run asks exactly what the file
 * holds and an export writes the same rows back.
 */

/** VLMEvalKit numbers copy k of question n `k · 1e6 + n`; `index ÷ 1e6` is the pass. */
export const CIRCULAR_STRIDE = 1_000_000;

const optionSchema = z.object({ label: z.string(), text: z.string() });

const copySchema = z.object({
  /** The copy's own `index` in the file. */
  index: z.string(),
  /** Its data row in the file (0-based), so an export writes the rows back in the file's order. */
  row: z.number().int(),
  options: z.array(optionSchema),
  answer: z.array(z.string()),
  /** The copy's other cells that differ from its question's row (VLMEvalKit's `g_index`, say). */
  cells: z.record(z.string(), z.string()),
});

const fileCircularSchema = z.object({ row: z.number().int(), copies: z.array(copySchema) });

export type CircularCopy = z.infer<typeof copySchema>;
export type FileCircular = z.infer<typeof fileCircularSchema>;

/** The `circular` entry of a question's meta, or null when the question came from no circular file. */
export function readFileCircular(meta: Record<string, unknown>): FileCircular | null {
  if (meta.circular === undefined) return null;
  const parsed = fileCircularSchema.safeParse(meta.circular);
  return parsed.success ? parsed.data : null;
}

const sortedTexts = (options: readonly Option[]) => options.map((o) => o.text).sort();

/**
 * Why a copy no longer fits its question (the question was edited since the import), or null when it does: the copy
 * shows the question's option texts in some order, and its one answer is the text of the question's one answer.
 */
export function copyMismatch(options: readonly Option[], answers: readonly string[], copy: Pick<CircularCopy, 'options' | 'answer'>): string | null {
  const own = sortedTexts(options);
  const theirs = sortedTexts(copy.options);
  if (own.length !== theirs.length || own.some((t, i) => t !== theirs[i])) return 'its options are not the question\'s options in another order';
  const gold = options.find((o) => o.label === answers[0])?.text;
  const copied = copy.options.find((o) => o.label === copy.answer[0])?.text;
  if (answers.length !== 1 || copy.answer.length !== 1 || gold === undefined || copied !== gold) return 'its answer is not the text of the question\'s answer';
  return null;
}

const passOfIndex = (index: string) => Math.floor(Number(index) / CIRCULAR_STRIDE);

/**
 * The passes a circular file gives a question: the question as it stands (pass 0) and each copy, pass `index ÷ 1e6`.
 * A question the file holds once (VLMEvalKit's `CIRCULAR()` kept it single) is asked once, flagged. Null when a copy
 * no longer fits the edited question: the caller then rotates the question as it is now.
 */
export function filePasses(options: readonly Option[], answers: readonly string[], file: FileCircular): CircularPlan | null {
  const first: CircularPass = { pass: 0, options: [...options], answer: [...answers] };
  if (file.copies.length === 0) return { passes: [first], flag: 'the imported circular file holds this question once (VLMEvalKit kept it single): asked once, as the file does' };
  if (file.copies.some((c) => copyMismatch(options, answers, c) !== null)) return null;
  const copies = [...file.copies].sort((a, b) => Number(a.index) - Number(b.index))
    .map((c): CircularPass => ({ pass: passOfIndex(c.index), options: c.options, answer: c.answer }));
  return { passes: [first, ...copies], flag: null };
}

/** A question's CircularEval passes: its circular file's copies while they fit it, else the rotations of circularPasses. */
export function questionCircularPlan(options: readonly Option[], answers: readonly string[], meta: Record<string, unknown>): CircularPlan {
  const file = readFileCircular(meta);
  return (file && filePasses(options, answers, file)) ?? circularPasses(options, answers);
}
