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
