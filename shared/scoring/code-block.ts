/**
 * The code a reply contains (METHODS §5, LatexTab): the lines of its first fenced code block as Markdown (CommonMark)
 * fences them — a line of three or more backticks or tildes, indented at most three spaces, closed by a line of at
 * least as many of the same character, or by the end of the reply when a cut-off reply never closes it — or the whole
 * reply when it has no fence. A backtick fence's info string ("latex") holds no backtick, so "```code```" on one line
 * is no fence. Models wrap code in fences and prose; scoring the prose as code marks right answers wrong.
 */
const OPENING = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

export function codeOf(reply: string): string {
  const lines = reply.split(/\r\n|\r|\n/);
  const start = lines.findIndex((line) => OPENING.test(line));
  if (start < 0) return reply;
  const fence = OPENING.exec(lines[start]!)![1]!;
  const closes = (line: string) => {
    const closing = CLOSING.exec(line)?.[1];
    return closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length;
  };
  const rest = lines.slice(start + 1);
  const end = rest.findIndex(closes);
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
}
