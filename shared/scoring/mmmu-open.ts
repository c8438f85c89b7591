import { pyRound } from './rounding';

/**
 * MMMU's open-answer parsing and matching, restated from its official eval utilities so scores from its eval-only
 * files reproduce the published numbers. Quirks are kept on purpose (see comments); "fixing" them would change scores.
 */

const PY_FLOAT = /^[+-]?(?:(?:\d+(?:_\d+)*)(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$|^[+-]?(?:inf|infinity|nan)$/i;

/** Python's float() on already-stripped text: underscores between digits, inf and nan are accepted. */
export function pyFloat(text: string): number | null {
  const t = text.trim();
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
  const s = text.trim();
  const n = pyFloat(s.replace(/,/g, ''));
  if (n !== null) return [pyRound(n, 2)];
  const lower = s.toLowerCase();
  return lower.length === 1 ? [` ${lower}`, `${lower} `] : [lower];
}

export function extractNumbers(text: string): string[] {
  const commas = text.match(/-?\b\d{1,3}(?:,\d{3})+\b/g) ?? [];
  const scientific = text.match(/-?\d+(?:\.\d+)?[eE][+-]?\d+/g) ?? [];
  const simple = text.match(/-?(?:\d+\.\d+|\.\d+|\d+)(?![eE][+-]?\d+)(?![,\d])/g) ?? [];
  return [...commas, ...scientific, ...simple];
}

const TRIVIAL = new Set([':', ',', '.', '!', '?', ';', "'"]);

function keySubresponses(response: string): string[] {
  const r = stripChars(response.trim(), '.').toLowerCase();
  // The official split looks for ". " before a capital letter — after lowercasing there is none, so in effect it
  // splits on newlines only. Kept as is.
  const subs = r.split(/\.\s(?=[A-Z])|\n/);
  const indicators = ['could be ', 'so ', 'is ', 'thus ', 'therefore ', 'final ', 'answer ', 'result '];
  const keys: string[] = [];
  subs.forEach((resp, index) => {
    if (index === subs.length - 1) indicators.push('=');
    let shortest: string | null = null;
    for (const indicator of indicators) {
      if (!resp.includes(indicator)) continue;
      const tail = resp.split(indicator).pop()!.trim();
      // As the official code: an empty candidate is replaced by any later one, otherwise the shorter wins.
      if (!shortest || tail.length < shortest.length) shortest = tail;
    }
    if (shortest && !TRIVIAL.has(shortest.trim())) keys.push(shortest);
  });
  return keys.length === 0 ? [r] : keys;
}

function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** The candidate answers in a free-form response: text after the last indicator word, and every number in it. */
export function parseOpenResponse(response: string): Normalized[] {
  const keys = keySubresponses(response);
  const candidates = [...keys];
  for (const k of keys) candidates.push(...extractNumbers(k));
  const out: Normalized[] = [];
  for (const c of candidates) for (const n of normalizeStr(c)) if (!out.includes(n)) out.push(n);
  return out;
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
