import type { Option } from '../contract/entities';
import { plainTypography } from './extract-guards';

/**
 * Text-level steps of the extraction rules (METHODS §4): normalising a reply, reading a JSON answer field, refusals,
 * and finding option texts. Letter mentions are read in extract-mentions.ts.
 */

/** NFKC (full-width letters and brackets become ASCII), LaTeX and answer tags unwrapped, markdown marks dropped. */
export function cleanReply(response: string): string {
  const cleaned = plainTypography(response.normalize('NFKC'))
    .replace(/\\(?:boxed|text|textbf|mathrm)\{([^{}]*)\}/g, '$1')
    .replace(/\$/g, '')
    .replace(/<\/?(?:answer|final_answer|choice)>/gi, ' ')
    .replace(/```(?:json)?/gi, ' ')
    .replace(/[【〔]/g, '(')
    .replace(/[】〕]/g, ')')
    .replace(/[*_`#>]+/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
  return trimQuotes(cleaned).trim();
}

const QUOTES = '"\'“”‘’';

/**
 * Quotes around the whole reply, by a scan from each end (`["…]+$` was retried from every quote of an inner run). Only
 * quotes that open and close the reply: `He said "go"` keeps the quote it ends in, so it still matches its option.
 */
function trimQuotes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end - 1 && QUOTES.includes(text[start]!) && QUOTES.includes(text[end - 1]!)) {
    start++;
    end--;
  }
  return text.slice(start, end);
}

const ANSWER_KEY = /^(?:final[ _]?answer|answer|choice|option|prediction|selected[ _]?option|pred)$/i;

/**
 * The answer field of a JSON reply (`{"answer": "B", "reason": …}`), or undefined when the reply is not JSON. An
 * array of several answers yields null: the reply chose more than one.
 */
export function jsonAnswer(response: string): string | null | undefined {
  const start = response.indexOf('{');
  const end = response.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const entry = Object.entries(parsed).find(([k]) => ANSWER_KEY.test(k));
  if (!entry) return undefined;
  const value: unknown = entry[1];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0];
  return null;
}

const REFUSALS = [
  /\b(?:can ?not|can't|couldn't|could not|unable to|impossible to|not possible to)\s+(?:be\s+)?(?:clearly\s+)?(?:determine|determined|tell|answer|say|identify|see|know|help|read|make out)/i,
  /\b(?:i'm|i am)\s+(?:sorry|afraid)\b/i,
  /^sorry\b/i,
  /\b(?:insufficient|not enough|need more|needs more)\s+(?:information|context|detail)/i,
  /\bwould need more\b/i,
  /\btoo (?:blurry|dark|small|low)\b/i,
  /\bnone of the (?:options|choices|above)\b/i,
  /\b(?:all|each) of the (?:options|choices) (?:are|is) (?:wrong|incorrect)\b/i,
  /(?<![A-Za-z])n\/a(?![A-Za-z])/i,
  /无法|不能确定|不确定/,
];

export function isRefusal(text: string): boolean {
  return REFUSALS.some((r) => r.test(text));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One option text's occurrences, as a global pattern; ASCII word bounds only for ASCII ends (CJK has no spaces). */
function optionPattern(text: string): RegExp {
  // Typography as cleanReply reads the reply: an option with curly quotes matches a reply with straight ones.
  const t = plainTypography(text.normalize('NFKC')).trim().toLowerCase().replace(/\s+/g, ' ');
  const head = /^[a-z0-9]/.test(t) ? '(?<![a-z0-9])' : '';
  const tail = /[a-z0-9]$/.test(t) ? '(?![a-z0-9])' : '';
  return new RegExp(`${head}${escapeRegExp(t)}${tail}`, 'g');
}

/** Options longest first, so "a red circle" is found before "red circle" and "15" before "5". */
function byLength(options: readonly Option[]): Option[] {
  return [...options].filter((o) => o.text.trim() !== '').sort((a, b) => b.text.trim().length - a.text.trim().length);
}

/** Removes every occurrence of every option text (longest first), leaving a marker so words do not run together. */
export function blankOptionTexts(text: string, options: readonly Option[], only?: (o: Option) => boolean): string {
  let rest = text;
  for (const o of byLength(options)) {
    if (only && !only(o)) continue;
    const re = optionPattern(o.text);
    const lower = rest.toLowerCase();
    let out = '';
    let last = 0;
    for (const m of lower.matchAll(re)) {
      out += rest.slice(last, m.index) + ' ¶ ';
      last = m.index + m[0].length;
    }
    rest = out + rest.slice(last);
  }
  return rest;
}

const NEGATION_REACH = 80;
const NEGATED_BEFORE = /(?:\b(?:not|isn't|neither|nor|never|no|without|except|rather than|instead of)\s+(?:\S+\s+){0,2}|(?:不是|没有|不)\s*)$/i;

/**
 * The one option whose text the reply contains without negating it ("not a red circle" does not count), or null when
 * none or several do. Texts are blanked as they are found, longest first, so "5" is not also found inside "15".
 */
export function optionTextMatch(text: string, options: readonly Option[]): string | null {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  const longest = Math.max(...options.map((o) => o.text.trim().length));
  // A sentence quoting one option, not an essay that mentions several in passing.
  if (lower.length > Math.max(longest, 12) * 3 + 60) return null;
  let rest = lower;
  const found = new Set<string>();
  for (const o of byLength(options)) {
    const re = optionPattern(o.text);
    // The negation sits just before the text: a window keeps the `$`-anchored pattern from rescanning the reply.
    for (const m of rest.matchAll(re)) if (!NEGATED_BEFORE.test(rest.slice(Math.max(0, m.index - NEGATION_REACH), m.index))) found.add(o.label);
    rest = rest.replace(re, ' ¶ ');
  }
  return found.size === 1 ? [...found][0]! : null;
}
