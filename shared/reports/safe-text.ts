/** Text placed into HTML (chart tooltips are HTML strings): category, series and dataset names are user data. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?%?$/i;

/**
 * A CSV cell a spreadsheet will not run: text starting with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's advice against formula injection). Plain numbers, negative ones
 * included, stay numbers. Only for CSVs people open in a spreadsheet; data exports (TSV, JSON) stay byte-exact.
 */
export function neutraliseFormula<T>(cell: T): T | string {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell.trim())) return cell;
  return `'${cell}`;
}

/** Names every plain object answers to (`__proto__`, `constructor`, `toString`…): a text equal to one is a trap. */
const INHERITED_NAMES = Object.getOwnPropertyNames(Object.prototype);
const WORD_JOINER = '\u2060';

/**
 * Text handed to ECharts, which measures every label through zrender's text-width cache. That cache (an LRU in a
 * plain object) looks a text up as a key: a label equal to `__proto__` finds Object.prototype there, links it into
 * its list and writes `prev`/`next` onto it, and every object of the process inherits them (on a team server, every
 * method without input then fails validation for every user). An invisible word joiner after the first letter of
 * every inherited name in the text keeps every piece ECharts measures (the label, its lines, the prefixes it tries
 * while truncating) from equalling one; overlapping names each get one. Text without such a name is returned as is.
 */
export function chartText(text: string): string {
  const starts = new Set<number>();
  for (const name of INHERITED_NAMES) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) starts.add(at);
  }
  if (starts.size === 0) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) out += starts.has(i) ? `${text[i]}${WORD_JOINER}` : text[i];
  return out;
}
