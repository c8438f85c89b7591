import type { Option } from '../contract/entities';

/**
 * Checks that keep the rules from guessing (METHODS §4, issue 30): reasoning set aside before reading, a stated
 * letter checked against the option text the reply attaches to it, one-letter option texts that read as labels, and
 * replies cut off mid-sentence.
 */

const REASONING_CLOSE = /<\/(?:think|thinking|reasoning|thought)>/gi;
const REASONING_OPEN = /<(?:think|thinking|reasoning|thought)>/i;

/**
 * The reply without its reasoning block, as lmms-eval's `--reasoning_tags` and VLMEvalKit's SPLIT_THINK do: the text
 * after the last closing tag; an opening tag never closed (a reply cut off while reasoning) ends the reply there.
 * Tags are found by a forward scan, never a lazy pattern from each opening tag (issue 29).
 */
export function setAsideReasoning(text: string): string {
  let end = -1;
  for (const m of text.matchAll(REASONING_CLOSE)) end = m.index + m[0].length;
  const rest = end < 0 ? text : text.slice(end);
  const open = REASONING_OPEN.exec(rest);
  return open ? rest.slice(0, open.index) : rest;
}

/** Typography read the same on the reply and the options: curly quotes, primes and dashes become ASCII. */
export function plainTypography(text: string): string {
  return text.replace(/[“”„‟″〝〞]/g, '"').replace(/[‘’‚‛′]/g, "'").replace(/[‐‑‒–—―]/g, '-');
}

const norm = (s: string) => plainTypography(s.normalize('NFKC')).toLowerCase().replace(/\s+/g, ' ').trim();

// A label followed by the text it introduces: "B. 60°", "(B) 60°", "B) 60°", "B: 60°", "B - 60°".
const LABEL_THEN_TEXT = /(?<![A-Za-z0-9])[([]?([A-Z])(?:[.):\]]|\s+-)\s*(?=\S)/g;

/** Whether `rest` opens with `text` as a whole (ASCII word bound after an ASCII word character). */
function opensWith(rest: string, text: string): boolean {
  if (!rest.startsWith(text)) return false;
  return !/[a-z0-9]$/.test(text) || !/^[a-z0-9]/.test(rest.slice(text.length, text.length + 1));
}

/**
 * Whether the reply attaches to some label the text of another option ("Answer: B. 60°" where 60° is C's text): the
 * letter and the text disagree, and the rules commit neither. Texts are tried longest first.
 */
export function attachedTextConflict(text: string, options: readonly Option[]): boolean {
  const texts = options.map((o) => ({ label: o.label, text: norm(o.text) })).filter((o) => o.text !== '').sort((a, b) => b.text.length - a.text.length);
  const labels = new Set(options.map((o) => o.label));
  let seen = 0;
  for (const m of text.matchAll(LABEL_THEN_TEXT)) {
    if (++seen > 200) break;
    const label = m[1]!;
    if (!labels.has(label)) continue;
    const rest = norm(text.slice(m.index + m[0].length, m.index + m[0].length + 400));
    const attached = texts.find((o) => opensWith(rest, o.text));
    if (attached && attached.label !== label) return true;
  }
  return false;
}

/** Options whose whole text is one letter ("C"): such a letter in a reply may be the label or the text. */
export function letterTexts(options: readonly Option[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of options) if (/^[A-Za-z]$/.test(o.text.trim())) out.set(o.text.trim().toUpperCase(), o.label);
  return out;
}

/** Whether reading `label` clashes with an option whose text is that letter (and whose label is another). */
export function clashesWithLetterText(label: string, options: readonly Option[]): boolean {
  const owner = letterTexts(options).get(label);
  return owner !== undefined && owner !== label;
}

/** A reply cut off mid-sentence: it ends in a word or a comma, not in punctuation, a bracket, a quote or a letter label. */
export function looksTruncated(text: string): boolean {
  const t = text.trimEnd();
  if (t.length < 80) return false;
  return /[a-z,]$/.test(t) && !/\b[a-z]$/i.test(t.slice(-2));
}
