import { describe, expect, it } from 'vitest';
import { lineStart, MARKDOWN_MAX_DEPTH, MARKDOWN_MAX_OPENERS, markdownOverBounds } from './markdown-bounds';

describe('Markdown bounds', () => {
  it('counts the containers a line opens', () => {
    const lineDepth = (line: string) => lineStart(line).depth;
    expect(lineDepth('plain text')).toBe(0);
    expect(lineDepth('> quoted')).toBe(1);
    expect(lineDepth('>>> > deep')).toBe(4);
    expect(lineDepth('- a - b')).toBe(1);
    expect(lineDepth('- - 1. x')).toBe(3);
    expect(lineDepth('    - nested')).toBe(3);
    expect(lineDepth('-not a marker')).toBe(0);
  });

  it('passes ordinary guidelines', () => {
    const guide = '# Perception\n\n> Ask about **what is visible**.\n\n- one\n  - two\n    - three [link](https://example.com)\n\n`code` and _emphasis_\n';
    expect(markdownOverBounds(guide.repeat(200))).toBeNull();
    expect(markdownOverBounds(`${'>'.repeat(MARKDOWN_MAX_DEPTH)} at the bound`)).toBeNull();
    expect(markdownOverBounds('* a bullet with *emphasis*\n'.repeat(1000))).toBeNull();
  });

  it('names deep nesting and runs of unfinished links or emphasis', () => {
    expect(markdownOverBounds(`intro\n\n${'>'.repeat(100_000)}`)).toBe(`line 3 nests more than ${MARKDOWN_MAX_DEPTH} quotes or lists`);
    expect(markdownOverBounds('- '.repeat(40))).toMatch(/^line 1 nests/);
    expect(markdownOverBounds('[a](b'.repeat(20_000))).toBe(`the paragraph ending at line 1 has more than ${MARKDOWN_MAX_OPENERS} link or emphasis marks`);
    expect(markdownOverBounds('*a'.repeat(MARKDOWN_MAX_OPENERS + 1))).toMatch(/more than/);
    // The count starts again after a blank line: many short paragraphs of links are fine.
    expect(markdownOverBounds('[a](https://example.com) '.repeat(100).concat('\n\n').repeat(40))).toBeNull();
  });
});
