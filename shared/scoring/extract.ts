import type { Option } from '../contract/entities';
import { afterLastCorrection, readLetters } from './extract-mentions';
import { blankOptionTexts, cleanReply, isRefusal, jsonAnswer, optionTextMatch } from './extract-text';

/** How an answer was read from a response (METHODS §4); `judge` is set by the engine, never by these rules. */
export const extractionPaths = ['exact', 'letter', 'option-text', 'judge', 'unanswerable', 'failed'] as const;
export type ExtractionPath = (typeof extractionPaths)[number];

export interface Extracted {
  /** The option label, or null when nothing could be read (never a guess). */
  label: string | null;
  path: ExtractionPath;
}

/**
 * Bump when a rule changes: runs record it, so old predictions stay explainable. 2: letters read as groups (negated,
 * listed, stated, plain), self-corrections, JSON answers, option texts that read like refusals, lowercase labels after
 * an answer word; "the answer is B" is `letter`, not `exact` (the corpus in test/fixtures/extraction pins it). 3: a code
 * answer (`bleu4`) is read from the reply's first fenced block, and is a refusal only when that code is one.
 */
export const EXTRACTOR_VERSION = 'anchor-rules-3';

// A whole response that is a label, optionally in a wrapper: "B", "(B)", "B.", "[B]", "Answer: B", "Option (C)".
const WHOLE = /^(?:(?:final\s+)?(?:answer|option|choice)\s*[:：]?\s*)?[([]?([A-Za-z])[)\]]?[.:)。]?$/i;
// The text after the last "answer is" of a long reply: "… Therefore, the answer is a blue square."
const STATED_TAIL = /\b(?:answer|choice|option)\s*(?:is|:)\s*([^.。\n]+)[.。]?\s*$/i;
// An option text naming other labels ("Both A and B") is read as text, never as the letters in it.
const NAMES_A_LABEL = /(?<![A-Za-z0-9])[A-Z](?![A-Za-z0-9])/;

const failed: Extracted = { label: null, path: 'failed' };

function readCleaned(text: string, options: readonly Option[], labels: ReadonlySet<string>): Extracted {
  if (text === '') return failed;
  const whole = WHOLE.exec(text);
  // A whole reply of one letter is unambiguous even in lowercase ("d"); inside sentences case matters.
  if (whole && labels.has(whole[1]!.toUpperCase())) return { label: whole[1]!.toUpperCase(), path: 'exact' };
  const scope = afterLastCorrection(text);
  const letters = readLetters(blankOptionTexts(scope, options, (o) => NAMES_A_LABEL.test(o.text)), labels);
  if (letters === 'ambiguous') return failed;
  if (letters) return { label: letters.label, path: 'letter' };
  // "None of the above" is a refusal unless it is one of the options.
  if (isRefusal(blankOptionTexts(scope, options))) return { label: null, path: 'unanswerable' };
  const tail = STATED_TAIL.exec(scope);
  const byText = optionTextMatch(scope, options) ?? (tail ? optionTextMatch(tail[1]!, options) : null);
  return byText ? { label: byText, path: 'option-text' } : failed;
}

/**
 * METHODS §4 rules, in order: a JSON answer field; a bare or wrapped label; after the last self-correction, the
 * letters the reply states or names (never a negated or merely listed one, never two); a refusal; exactly one option
 * text. Anything else is `failed` — the caller may ask a judge.
 */
export function extractChoice(response: string, options: readonly Option[]): Extracted {
  const labels = new Set(options.map((o) => o.label));
  const json = jsonAnswer(response.normalize('NFKC'));
  if (json === null) return failed;
  return readCleaned(cleanReply(json ?? response), options, labels);
}

/**
 * Reads a judge's reply with the same rules; "Z" (when Z is not an option) means the judge found no option like the
 * answer, as MMBench's prompt asks it to say (shared/prompts/choice-extractor.ts).
 */
export function parseJudgeReply(reply: string, options: readonly Option[]): Extracted | 'none' {
  const hasZ = options.some((o) => o.label === 'Z');
  if (!hasZ && /^\W*z\W*$/i.test(cleanReply(reply))) return 'none';
  const read = extractChoice(reply, options);
  return read.label ? read : { label: null, path: 'failed' };
}
