import type { Option } from '../contract/entities';
import { afterLastCorrection, readLetters } from './extract-mentions';
import { READ_LIMIT } from './read-limit';
import { attachedTextConflict, clashesWithLetterText, looksTruncated, setAsideReasoning } from './extract-guards';
import { blankOptionTexts, cleanReply, isRefusal, jsonAnswer, optionTextMatch } from './extract-text';
import type { ExtractionPath } from '../contract/eval-entities';

// The paths are wire vocabulary: they live with the run entities (contract/eval-entities.ts), below this floor.
export { extractionPaths, type ExtractionPath } from '../contract/eval-entities';

export interface Extracted {
  /** The option label, or null when nothing could be read (never a guess). */
  label: string | null;
  path: ExtractionPath;
}

/**
 * Bump when a rule changes: runs record it, so old predictions stay explainable. 2: letters read as groups (negated,
 * listed, stated, plain), self-corrections, JSON answers, option texts that read like refusals, lowercase labels after
 * an answer word; "the answer is B" is `letter`, not `exact` (the corpus in test/fixtures/extraction pins it). 3: never
 * guessing (issue 30): reasoning blocks set aside, a letter checked against the option text attached to it, revisions
 * ("Final: C", "… no, it is B", 不对), connectives of several languages, "N/A", one-letter option texts, passing
 * mentions and cut-off replies, typography read alike on reply and options (test/fixtures/reading pins it); and a code
 * answer (`bleu4`) is read from the reply's first fenced block, and is a refusal only when that code is one.
 */
export const EXTRACTOR_VERSION = 'anchor-rules-3';

// A whole response that is a label, optionally in a wrapper: "B", "(B)", "B.", "[B]", "Answer: B", "Option (C)".
const WHOLE = /^(?:(?:final\s+)?(?:answer|option|choice)\s*[:：]?\s*)?[([]?([A-Za-z])[)\]]?[.:)。]?$/i;
// The text after "answer is" in the last sentence of a long reply: "… Therefore, the answer is a blue square."
const STATED = /\b(?:answer|choice|option)\s*(?:is|:)\s*(.+)$/i;

/**
 * What the last sentence or line says the answer is. The sentence is cut out first: one pattern over the whole reply
 * (`answer is ([^.]+)\.?\s*$`) retried from every "answer is" to the end, seconds on 100 KB of them (issue 29).
 */
function statedTail(text: string): string | null {
  const body = text.trimEnd().replace(/[.。]$/, '');
  const start = Math.max(body.lastIndexOf('.'), body.lastIndexOf('。'), body.lastIndexOf('\n')) + 1;
  return STATED.exec(body.slice(start))?.[1] ?? null;
}

// An option text naming other labels ("Both A and B") is read as text, never as the letters in it.
const NAMES_A_LABEL = /(?<![A-Za-z0-9])[A-Z](?![A-Za-z0-9])/;

const failed: Extracted = { label: null, path: 'failed' };

const NOT_AVAILABLE = /(?<![A-Za-z])n\/a(?![A-Za-z])/gi;

/** The one letter the reply's letters choose, unless a guard says it would be a guess (METHODS §4). */
function byLetters(text: string, scope: string, options: readonly Option[], labels: ReadonlySet<string>): Extracted | 'none' {
  const letters = readLetters(blankOptionTexts(scope.replace(NOT_AVAILABLE, ' ¶ '), options, (o) => NAMES_A_LABEL.test(o.text)), labels);
  if (letters === 'ambiguous') return failed;
  if (!letters) return 'none';
  if (clashesWithLetterText(letters.label, options)) return failed;
  // A letter named in passing by a reply cut off mid-reasoning is not its answer.
  if (!letters.stated && looksTruncated(text)) return failed;
  return { label: letters.label, path: 'letter' };
}

function readCleaned(text: string, options: readonly Option[], labels: ReadonlySet<string>): Extracted {
  if (text === '') return failed;
  const whole = WHOLE.exec(text);
  // A whole reply of one letter is unambiguous even in lowercase ("d"); inside sentences case matters.
  if (whole && labels.has(whole[1]!.toUpperCase())) {
    const label = whole[1]!.toUpperCase();
    return clashesWithLetterText(label, options) ? failed : { label, path: 'exact' };
  }
  const scope = afterLastCorrection(text);
  if (attachedTextConflict(scope, options)) return failed;
  const letters = byLetters(text, scope, options, labels);
  if (letters !== 'none') return letters;
  // "None of the above" is a refusal unless it is one of the options.
  if (isRefusal(blankOptionTexts(scope, options))) return { label: null, path: 'unanswerable' };
  // A one-letter option text is read as a label or not at all, never as text.
  const textual = options.filter((o) => !/^[A-Za-z]$/.test(o.text.trim()));
  const tail = statedTail(scope);
  const byText = optionTextMatch(scope, textual) ?? (tail ? optionTextMatch(tail, textual) : null);
  return byText ? { label: byText, path: 'option-text' } : failed;
}

/**
 * METHODS §4 rules, in order: a JSON answer field; a bare or wrapped label; after the last self-correction, the
 * letters the reply states or names (never a negated or merely listed one, never two); a refusal; exactly one option
 * text. Anything else is `failed` — the caller may ask a judge.
 */
export function extractChoice(response: string, options: readonly Option[]): Extracted {
  const labels = new Set(options.map((o) => o.label));
  // Reasoning is set aside first, as the toolkits do: a letter weighed while thinking is not the answer.
  const visible = setAsideReasoning(response.normalize('NFKC'));
  const json = jsonAnswer(visible);
  if (json === null) return failed;
  const text = json ?? visible;
  // Past the cap the rules read nothing (DECISIONS 110): the judge reads it, or it stays unread.
  if (text.length > READ_LIMIT) return failed;
  return readCleaned(cleanReply(text), options, labels);
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
