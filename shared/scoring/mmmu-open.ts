import { READ_LIMIT } from './read-limit';
import { pyRound } from './rounding';

/**
 * MMMU's open-answer parsing and matching, restated from its official eval utilities so scores from its eval-only
 * files reproduce the published numbers. Quirks are kept on purpose (see comments); "fixing" them would change scores.
 */

const PY_FLOAT = /^[+-]?(?:(?:\d+(?:_\d+)*)(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$|^[+-]?(?:inf|infinity|nan)$/i;

// Python's str methods and `re` on str are Unicode-aware where JavaScript's are ASCII: `\d` is any decimal digit
// (category Nd, so "１２" and "١٢" are digits), `\w` is any letter or number or "_" (so "米" is a word character and
// "5米" has no word boundary after the 5), and strip() removes Python's whitespace set (not U+FEFF, but U+001C–U+001F
// and U+0085). These restate them for the official code's patterns.
export const PY_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const PY_WORD = String.raw`[\p{L}\p{N}_]`;
const PY_BOUNDARY = String.raw`(?:(?<=${PY_WORD})(?!${PY_WORD})|(?<!${PY_WORD})(?=${PY_WORD}))`;
const ND = /\p{Nd}/u;
const SPACE_CHAR = new RegExp(`^${PY_SPACE}$`);

/**
 * Python's str.strip() with no argument. A scan from both ends, not `^\s+|\s+$`: that pattern retries the tail from
 * every space of an inner run, quadratic in a reply of spaces with a word at each end (issue 29).
 */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && SPACE_CHAR.test(text[start]!)) start++;
  while (end > start && SPACE_CHAR.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** A decimal digit's value: Unicode keeps every Nd digit in runs of ten from 0, so the offset in its run tells it. */
function digitValue(char: string): string {
  let cp = char.codePointAt(0)!;
  let offset = 0;
  while (ND.test(String.fromCodePoint(cp - 1))) {
    cp--;
    offset++;
  }
  return String(offset % 10);
}

/** Python's float() on a str: surrounding whitespace, any decimal digits, underscores between digits, inf and nan. */
export function pyFloat(text: string): number | null {
  const stripped = pyStrip(text);
  // ASCII text has only ASCII digits: skip the per-digit rewrite, which dominated a reply of many numbers.
  const t = /^\p{ASCII}*$/u.test(stripped) ? stripped : stripped.replace(/\p{Nd}/gu, (d) => (d >= '0' && d <= '9' ? d : digitValue(d)));
  if (!PY_FLOAT.test(t)) return null;
  const lower = t.toLowerCase().replace(/_/g, '');
  if (lower.endsWith('nan')) return Number.NaN;
  if (lower.endsWith('inf') || lower.endsWith('infinity')) return lower.startsWith('-') ? -Infinity : Infinity;
  return Number(lower);
}

export type Normalized = string | number;

/** Numbers (commas removed) become floats rounded to 2 places; other text is lowercased, and a single character is
 *  padded with a space on either side, as the official code does. */
export function normalizeStr(text: string): Normalized[] {
  const s = pyStrip(text);
  const n = pyFloat(s.replace(/,/g, ''));
  if (n !== null) return [pyRound(n, 2)];
  const lower = s.toLowerCase();
  // len() counts code points, not UTF-16 units.
  return [...lower].length === 1 ? [` ${lower}`, `${lower} `] : [lower];
}

const D = String.raw`\p{Nd}`;
// A number starts where a run of digits starts (`(?<!D)`): a start inside a run finds no match the run's first digit
// did not find first, and retrying from each digit made a run of 100,000 digits take seconds (issue 29).
const RUN = `(?<!${D})`;
// The lookahead only fails fast where no number starts: the word-boundary test is costly at every character of CJK text.
const COMMAS = new RegExp(String.raw`(?=-?${D})-?${PY_BOUNDARY}${D}{1,3}(?:,${D}{3})+${PY_BOUNDARY}`, 'gu');
const SCIENTIFIC = new RegExp(String.raw`-?${RUN}${D}+(?:\.${D}+)?[eE][+-]?${D}+`, 'gu');
// The word boundary sits after whole numbers only, as in the official pattern: "5km", "42nd" and "2pi" hold no number,
// "12.5cm" holds 12.5, "3x+2" holds 2.
const SIMPLE = new RegExp(String.raw`-?(?:${RUN}${D}+\.${D}+|\.${D}+|${RUN}${D}+${PY_BOUNDARY})(?![eE][+-]?${D}+)(?![,]|${D})`, 'gu');

/** The official extract_numbers: numbers with thousands commas, then scientific, then simple ones, in that order. */
export function extractNumbers(text: string): string[] {
  // Every pattern needs a digit: one pass over digit-free text (CJK prose) instead of three costly ones.
  if (!ND.test(text)) return [];
  return [...(text.match(COMMAS) ?? []), ...(text.match(SCIENTIFIC) ?? []), ...(text.match(SIMPLE) ?? [])];
}

const TRIVIAL = new Set([':', ',', '.', '!', '?', ';', "'"]);

function keySubresponses(response: string): string[] {
  const r = stripChars(pyStrip(response), '.').toLowerCase();
  // The official split looks for ". " before a capital letter — after lowercasing there is none, so in effect it
  // splits on newlines only. Kept as is.
  const subs = r.split(new RegExp(String.raw`\.${PY_SPACE}(?=[A-Z])|\n`));
  const indicators = ['could be ', 'so ', 'is ', 'thus ', 'therefore ', 'final ', 'answer ', 'result '];
  const keys: string[] = [];
  subs.forEach((resp, index) => {
    if (index === subs.length - 1) indicators.push('=');
    let shortest: string | null = null;
    for (const indicator of indicators) {
      if (!resp.includes(indicator)) continue;
      const tail = pyStrip(resp.split(indicator).pop()!);
      // As the official code: an empty candidate is replaced by any later one, otherwise the shorter wins.
      if (!shortest || tail.length < shortest.length) shortest = tail;
    }
    if (shortest && !TRIVIAL.has(pyStrip(shortest))) keys.push(shortest);
  });
  return keys.length === 0 ? [r] : keys;
}

export function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** How many distinct candidates one reply may offer; the official code has no limit. */
export const MAX_CANDIDATES = 500;

/** The candidate answers in a free-form response: text after the last indicator word, and every number in it. */
export function parseOpenResponse(response: string): Normalized[] {
  // Only the first READ_LIMIT units are parsed (DECISIONS 110): the official code has no cap; replies are rarely longer.
  const keys = keySubresponses(response.length > READ_LIMIT ? response.slice(0, READ_LIMIT) : response);
  const candidates = [...keys];
  for (const k of keys) candidates.push(...extractNumbers(k));
  // A Set keeps the first of equal candidates in order, as the official list check does, without its quadratic cost
  // on a reply of many numbers (both compare with SameValueZero: NaN equals NaN).
  const seen = new Set<string>();
  const out = new Set<Normalized>();
  for (const c of candidates) {
    // At most MAX_CANDIDATES distinct ones (DECISIONS 110): a reply spraying thousands of numbers is not an answer.
    if (seen.size >= MAX_CANDIDATES) break;
    if (seen.has(c)) continue;
    seen.add(c);
    for (const n of normalizeStr(c)) out.add(n);
  }
  return [...out];
}

/** Right when any gold string is contained in a text candidate, or a gold number equals a numeric candidate. */
export function evalOpen(gold: string | readonly string[], predictions: readonly Normalized[]): boolean {
  const golds = typeof gold === 'string' ? normalizeStr(gold) : gold.flatMap((g) => normalizeStr(g));
  for (const p of predictions) {
    if (typeof p === 'string') {
      if (golds.some((g) => typeof g === 'string' && p.includes(g))) return true;
    } else if (golds.some((g) => g === p)) return true;
  }
  return false;
}

const PY_SPACES = new RegExp(`${PY_SPACE}+`);

/** Python's str.split() with no argument: the words between runs of Python's whitespace. */
export function pyWords(text: string): string[] {
  return text.split(PY_SPACES).filter((w) => w !== '');
}
