import type { Option } from '../contract/entities';

/** How an answer was read from a response (METHODS §4); `judge` is set by the engine, never by these rules. */
export const extractionPaths = ['exact', 'letter', 'option-text', 'judge', 'unanswerable', 'failed'] as const;
export type ExtractionPath = (typeof extractionPaths)[number];

export interface Extracted {
  /** The option label, or null when nothing could be read (never a guess). */
  label: string | null;
  path: ExtractionPath;
}

/** Bump when a rule changes: runs record it, so old predictions stay explainable. */
export const EXTRACTOR_VERSION = 'anchor-rules-1';

const PREFIX = String.raw`(?:(?:the|my)\s+)?(?:(?:correct|final|best|right)\s+)?(?:answer|option|choice)(?:\s+is)?\s*[:：]?\s*`;
// A whole response that is a label, optionally in a wrapper: "B", "(B)", "B.", "[B]", "Answer: B", "The answer is (B)."
const WHOLE = new RegExp(String.raw`^(?:${PREFIX})?[(\[]?([A-Za-z])[)\]]?[.:)。]?$`, 'i');
// An explicit statement inside longer text: "… so the answer is B because …"
const STATED = new RegExp(String.raw`(?:answer|option|choice)(?:\s+is|\s*[:：])\s*[:：]?\s*[(\[]?([A-Z])(?![A-Za-z])`, 'i');
// A label opening the response and followed by its text: "B. The red circle", "(C) 42".
const LEADING = /^[(\[]?([A-Z])[)\].:：]\s*\S/;

const REFUSALS = [
  /\b(?:can ?not|can't|couldn't|could not|unable to|impossible to|not possible to)\s+(?:be\s+)?(?:determine|determined|tell|answer|say|identify|see|know)/i,
  /\b(?:i'm|i am)\s+(?:sorry|afraid)\b/i,
  /^sorry\b/i,
  /\b(?:insufficient|not enough)\s+(?:information|context|detail)/i,
  /\bnone of the (?:options|choices|above)\b/i,
  /无法|不能确定|不确定/,
];

function clean(response: string): string {
  return response
    .normalize('NFKC')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim();
}

/** Uppercase "A" and "I" followed by a lowercase word are an article and a pronoun, not labels. */
function isWordUse(text: string, index: number, letter: string): boolean {
  if (letter !== 'A' && letter !== 'I') return false;
  return /^ [a-z]/.test(text.slice(index + 1, index + 3));
}

function standaloneLabels(text: string, labels: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?<![A-Za-z0-9'’])([A-Z])(?![A-Za-z0-9'’])/g)) {
    const letter = m[1]!;
    if (labels.has(letter) && !isWordUse(text, m.index, letter)) found.add(letter);
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function optionTextMatch(text: string, options: readonly Option[]): string | null {
  const lower = text.toLowerCase();
  const longest = Math.max(...options.map((o) => o.text.trim().length));
  // "Not much longer than the options": a sentence quoting one option, not an essay that mentions several.
  if (lower.length > longest * 3 + 40) return null;
  // Longest texts first, each found occurrence blanked out, so "a red circle" is not also read as "red circle" and
  // "5" is not found inside "15"; the ASCII bounds are only for ASCII, since CJK text has no spaces.
  let rest = lower;
  const found: string[] = [];
  for (const o of [...options].sort((a, b) => b.text.trim().length - a.text.trim().length)) {
    const t = o.text.trim().toLowerCase();
    if (t.length === 0) continue;
    const re = new RegExp(`(?<![a-z0-9])${escapeRegExp(t)}(?![a-z0-9])`, 'g');
    if (re.test(rest)) {
      found.push(o.label);
      rest = rest.replace(re, ' ');
    }
  }
  return found.length === 1 ? found[0]! : null;
}

/**
 * METHODS §4 rules, in order: a bare or wrapped label; an explicit "the answer is X"; a refusal; a single label standing
 * alone (case-sensitive); exactly one option text. Anything else is `failed` — the caller may ask a judge.
 */
export function extractChoice(response: string, options: readonly Option[]): Extracted {
  const labels = new Set(options.map((o) => o.label));
  const text = clean(response);
  if (text === '') return { label: null, path: 'failed' };

  const whole = WHOLE.exec(text);
  if (whole) {
    // A whole reply of one letter is unambiguous even in lowercase ("d"); inside sentences case matters.
    const label = whole[1]!.toUpperCase();
    if (labels.has(label)) return { label, path: 'exact' };
  }
  const stated = STATED.exec(text);
  if (stated && labels.has(stated[1]!) && !isWordUse(text, stated.index + stated[0].length - 1, stated[1]!)) {
    return { label: stated[1]!, path: 'letter' };
  }
  const leading = LEADING.exec(text);
  if (leading && labels.has(leading[1]!) && !isWordUse(text, 0, leading[1]!)) return { label: leading[1]!, path: 'letter' };

  if (REFUSALS.some((r) => r.test(text))) return { label: null, path: 'unanswerable' };

  const standalone = standaloneLabels(text, labels);
  if (standalone.size === 1) return { label: [...standalone][0]!, path: 'letter' };

  const byText = optionTextMatch(text, options);
  if (byText) return { label: byText, path: 'option-text' };
  return { label: null, path: 'failed' };
}

/** The judge's instruction (METHODS §4): one label, or Z when no option matches. */
export function judgePrompt(question: string, options: readonly Option[], response: string): string {
  const lines = options.map((o) => `${o.label}. ${o.text}`).join('\n');
  return [
    'You are helping to read a model\'s answer to a multiple-choice question.',
    'Decide which option the answer below chooses. Reply with the option letter only.',
    'If the answer chooses none of the options, or more than one, reply with Z.',
    '',
    `Question: ${question}`,
    'Options:',
    lines,
    '',
    `Answer: ${response}`,
    '',
    'Your reply (one letter):',
  ].join('\n');
}

/** Reads a judge's reply with the same rules; "Z" (when Z is not an option) means the answer chose nothing. */
export function parseJudgeReply(reply: string, options: readonly Option[]): Extracted | 'none' {
  const hasZ = options.some((o) => o.label === 'Z');
  if (!hasZ && /^\W*z\W*$/i.test(clean(reply))) return 'none';
  const read = extractChoice(reply, options);
  return read.label ? read : { label: null, path: 'failed' };
}
