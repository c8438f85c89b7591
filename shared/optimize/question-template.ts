/**
 * A task's question template (TP-Eval optimises "the whole prompt for each task", e.g. "How many <object> are there in
 * the image?"): the words every question of the task shares, with slots where the questions differ. A template is
 * written as text with `{name}` slots; it is detected from the task's questions (their longest common word sequence)
 * or declared by the user, and matched back against each question to read its slot values.
 */

const RESERVED = new Set(['question', 'options', 'hint_line']);
const TOKEN = /[\p{L}\p{N}_']+|[^\s\p{L}\p{N}_']/gu;
/** Detected templates must keep at least this many shared words, and at least this share of a question's words. */
const MIN_SHARED_WORDS = 3;
const MIN_SHARED_SHARE = 0.5;

type Segment = { kind: 'literal'; text: string } | { kind: 'slot'; name: string };

export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The template cut into literal text and `{name}` slots. */
export function templateSegments(template: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{([A-Za-z_][\w]*)\}/g)) {
    if (m.index > last) out.push({ kind: 'literal', text: template.slice(last, m.index) });
    out.push({ kind: 'slot', name: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push({ kind: 'literal', text: template.slice(last) });
  return out;
}

/** The slot names of a template, in order of first appearance. */
export function slotNames(template: string): string[] {
  return [...new Set(templateSegments(template).flatMap((s) => (s.kind === 'slot' ? [s.name] : [])))];
}

/** Why a declared template cannot be used, or null. */
export function questionTemplateProblem(template: string): string | null {
  const slots = slotNames(template);
  const reserved = slots.find((s) => RESERVED.has(s));
  if (reserved) return `{${reserved}} is reserved; name the template's slots otherwise, e.g. {object}`;
  const segments = templateSegments(template);
  if (segments.some((s, i) => s.kind === 'slot' && segments[i + 1]?.kind === 'slot')) return 'two slots must be separated by some words';
  if (slots.length !== segments.filter((s) => s.kind === 'slot').length) return 'each slot may appear only once';
  return tokens(template.replace(/\{[A-Za-z_]\w*\}/g, ' ')).length === 0 ? 'the template has no words of its own' : null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcher(template: string): { regex: RegExp; slots: string[] } {
  const segments = templateSegments(template);
  const body = segments.map((s) => (s.kind === 'slot' ? '\\s*([\\s\\S]+?)\\s*' : tokens(s.text).map(escape).join('\\s*'))).join('\\s*');
  return { regex: new RegExp(`^\\s*${body}\\s*$`, 'u'), slots: segments.flatMap((s) => (s.kind === 'slot' ? [s.name] : [])) };
}

/** The slot values of a question written in this template, or null when it is not (spacing is not significant). */
export function matchQuestion(template: string, question: string): Record<string, string> | null {
  const { regex, slots } = matcher(template);
  const m = regex.exec(question);
  if (!m) return null;
  return Object.fromEntries(slots.map((name, i) => [name, m[i + 1]!.trim()]));
}

/** Longest common subsequence of two token lists. */
function lcs(a: readonly string[], b: readonly string[]): string[] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const out: string[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) { out.push(a[i]!); i++; j++; } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++; else j++;
  }
  return out;
}

/** Where the shared tokens sit in one question: for each gap (before, between, after them), whether words fill it. */
function filledGaps(shared: readonly string[], question: readonly string[]): boolean[] {
  const gaps = new Array<boolean>(shared.length + 1).fill(false);
  let j = 0;
  for (let k = 0; k < shared.length; k++) {
    const start = j;
    while (j < question.length && question[j] !== shared[k]) j++;
    if (j > start) gaps[k] = true;
    j++;
  }
  if (j < question.length) gaps[shared.length] = true;
  return gaps;
}

/** Joins tokens back into readable text: no space before closing punctuation or after an opening bracket. */
function joinTokens(parts: readonly string[]): string {
  return parts.reduce((text, t, i) => (i === 0 || /^[.,;:!?)\]}]$/.test(t) || /[([{]$/.test(text) ? text + t : `${text} ${t}`), '');
}

/**
 * The template the questions share, or null: their longest common token sequence, with a slot `{slotN}` wherever any
 * question has words of its own. It is kept only if it carries enough of the questions' words to be worth
 * optimising and every question matches it back.
 */
export function detectQuestionTemplate(questions: readonly string[]): string | null {
  const distinct = [...new Set(questions.map((q) => q.trim()))];
  if (distinct.length === 1) return sameQuestion(distinct[0]!);
  if (distinct.length < 2) return null;
  const tokenised = distinct.map(tokens);
  let shared = tokenised[0]!;
  for (const t of tokenised.slice(1)) shared = lcs(shared, t);
  const words = shared.filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
  const meanWords = tokenised.reduce((s, t) => s + t.filter((x) => /[\p{L}\p{N}]/u.test(x)).length, 0) / tokenised.length;
  if (words < MIN_SHARED_WORDS || words < MIN_SHARED_SHARE * meanWords) return null;
  const gaps = tokenised.map((t) => filledGaps(shared, t)).reduce((a, b) => a.map((x, i) => x || b[i]!));
  const parts: string[] = [];
  let n = 0;
  for (let k = 0; k <= shared.length; k++) {
    if (gaps[k]) parts.push(`{slot${++n}}`);
    if (k < shared.length) parts.push(shared[k]!);
  }
  if (n === 0) return null;
  const template = joinTokens(parts);
  return distinct.every((q) => matchQuestion(template, q) !== null) ? template : null;
}

/**
 * When every item asks the same question (TP-Eval's helmet, spot-the-similarity and artwork-emotion tasks), the
 * question itself is the template, with no slot: the optimizer may rewrite all of it. Not when its text reads like a
 * slot (`{name}`), which the renderer would try to fill.
 */
function sameQuestion(question: string): string | null {
  if (/\{[A-Za-z_]\w*\}/.test(question)) return null;
  return tokens(question).some((t) => /[\p{L}\p{N}]/u.test(t)) ? question : null;
}

/** The wrapper with the question template written in place of {question}: the whole task prompt p0. */
export function inlineQuestionTemplate(wrapper: string, template: string): string {
  return wrapper.replace('{question}', () => template);
}
