/**
 * What Markdown the studio parses as Markdown (guidelines, rendered by react-markdown on the annotate and review
 * screens). micromark's cost grows with the square of a block quote's or list's depth (100 KB of `>` overflows the
 * stack) and of the number of unfinished inline openers in one paragraph (`[a](b` repeated, `*a` repeated): a lead's
 * text could freeze every annotator's tab. Text over a bound is shown as plain text instead, with a notice; nothing
 * is refused or lost. The bounds are far above what guidelines use (docs/SECURITY.md).
 */

/** Most containers (block quotes, list items, indentation) one line may open. */
export const MARKDOWN_MAX_DEPTH = 16;
/** Most inline openers (`[`, `*`, `_`, backticks, `<`) in one paragraph: the text between two blank lines, or of one list item. */
export const MARKDOWN_MAX_OPENERS = 400;

/** A list marker (bullet, or number with `.` or `)`) followed by a space, a tab or the line's end. */
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const OPENERS = /[[*_`<]/g;

/**
 * How many containers a line's start opens: `>` and list markers, plus indentation at two columns a level (nested
 * lists go two or more columns deeper each); the one space a marker takes is not indentation. `end` is where the
 * line's own text begins; `item` says whether it starts a list item (whose text is a paragraph of its own).
 */
export function lineStart(line: string): { depth: number; end: number; item: boolean } {
  let depth = 0;
  let item = false;
  let columns = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') columns += c === '\t' ? 4 : 1;
    else if (c === '>') depth++;
    else {
      const marker = LIST_MARKER.exec(line.slice(i, i + 11));
      if (!marker) break;
      depth++;
      item = true;
      i += marker[0].length;
      continue;
    }
    i++;
  }
  return { depth: depth + Math.floor(Math.max(0, columns - depth) / 2), end: i, item };
}

/** Why a text is shown as plain text rather than parsed as Markdown, or null when it is within the bounds. */
export function markdownOverBounds(text: string): string | null {
  let openers = 0;
  let line = 0;
  for (const row of text.split('\n')) {
    line++;
    const start = lineStart(row);
    if (start.depth > MARKDOWN_MAX_DEPTH) return `line ${line} nests more than ${MARKDOWN_MAX_DEPTH} quotes or lists`;
    // A list's `*` bullets are not emphasis: only the line's own text counts, and each item's text is parsed apart.
    const own = row.slice(start.end).match(OPENERS)?.length ?? 0;
    openers = row.trim() === '' ? 0 : (start.item ? 0 : openers) + own;
    if (openers > MARKDOWN_MAX_OPENERS) return `the paragraph ending at line ${line} has more than ${MARKDOWN_MAX_OPENERS} link or emphasis marks`;
  }
  return null;
}
