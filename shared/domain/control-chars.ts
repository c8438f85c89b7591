/** Where a control character sits in a text: 1-based line and column (columns count characters), and its code point. */
export interface ControlCharAt { line: number; column: number; code: number }

/**
 * C0 controls and DEL, except tab and line breaks, which questions legitimately hold. C1 (U+0080–U+009F) is let
 * through: it appears in text decoded as latin1 that people fix later, and it does not end strings the way NUL does.
 */
function isRefusedControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

/** The first control character of `text` that a question may not hold (NUL cuts strings in C tools and terminals). */
export function findControlChar(text: string): ControlCharAt | null {
  let line = 1;
  let column = 1;
  let previous = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isRefusedControl(code)) return { line, column, code };
    // CRLF is one line break: the LF after a CR only starts no new line.
    if (code === 0x0a && previous === 0x0d) column = 1;
    else if (code === 0x0a || code === 0x0d) {
      line++;
      column = 1;
    } else column++;
    previous = code;
  }
  return null;
}

/** "U+0000" for a code point. */
export function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
