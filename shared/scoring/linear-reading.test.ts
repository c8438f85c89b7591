import { describe, expect, it } from 'vitest';
import { labelOptions } from '../domain/options';
import { extractChoice } from './extract';
import { MAX_MENTIONS, readLetters } from './extract-mentions';
import { cleanReply } from './extract-text';
import { extractNumbers, MAX_CANDIDATES, parseOpenResponse, pyStrip } from './mmmu-open';
import { pyRound } from './rounding';
import { READ_LIMIT } from './read-limit';

// Issue 29: reading a reply must cost time linear in it. Not measured here (bench/hostile-replies.ts times it): the
// cap bounds what is scanned, and every pattern rewritten to be linear is checked against the pattern it replaced.

const rep = (phrase: string, size: number) => phrase.repeat(Math.ceil(size / phrase.length)).slice(0, size);
const PHRASES = ['answer is ', 'answer: ', 'The answer is B', 'A ', 'A\n', '(B)\n', 'A or ', 'not B ', 'wait ', 'actually ', '答案是', '选B',
  'cannot determine ', 'none of the ', '\\boxed{', '<answer>', '{"answer": ', '"', ' ', '\n', '\t \n', '1', '1.', '-1', '1e', '.5', '1.1e1 ',
  '$1$', '1,000', '1,', '(', '[', '{', 'so ', 'is ', '= 1\n', 'a red circle ', '１２',
  '<think>', '</think>', '<think> A ', 'B. a red circle ', '(C) 15 ', 'no, B ', 'Final: ', '... no ', 'A ou ', '不对', 'N/A ', 'like B '];
/** Each phrase the rules look for, repeated, and the same with a word at each end (so no trimming ends the work). */
function pathological(size: number): string[] {
  return PHRASES.flatMap((p) => [rep(p, size), `x${rep(p, size - 2)}x`, `${rep(p, size - 2)}.x`]);
}
const options = labelOptions(['a red circle', 'a blue square', '15', 'Both A and B']);

// The patterns the linear code replaced, kept here as the reference it must agree with.
const D = String.raw`\p{Nd}`;
const PY_WORD = String.raw`[\p{L}\p{N}_]`;
const PY_BOUNDARY = String.raw`(?:(?<=${PY_WORD})(?!${PY_WORD})|(?<!${PY_WORD})(?=${PY_WORD}))`;
// Python's whitespace, as mmmu-open.ts spells it.
const PY_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const OLD = {
  trim: new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'g'),
  commas: new RegExp(String.raw`-?${PY_BOUNDARY}${D}{1,3}(?:,${D}{3})+${PY_BOUNDARY}`, 'gu'),
  scientific: new RegExp(String.raw`-?${D}+(?:\.${D}+)?[eE][+-]?${D}+`, 'gu'),
  simple: new RegExp(String.raw`-?(?:${D}+\.${D}+|\.${D}+|${D}+${PY_BOUNDARY})(?![eE][+-]?${D}+)(?![,]|${D})`, 'gu'),
};
const oldNumbers = (t: string) => [...(t.match(OLD.commas) ?? []), ...(t.match(OLD.scientific) ?? []), ...(t.match(OLD.simple) ?? [])];

/** Short strings from the characters the number and space patterns care about, from a fixed seed. */
function randomStrings(count: number): string[] {
  let seed = 29;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const alphabet = ['1', '23', '.', ',', 'e', 'E', '-', '+', '_', ' ', '\n', '\u3000', 'a', '米', '１', '٣', 'x'];
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
}

describe('reading a reply is bounded and linear (issue 29, DECISIONS 110)', () => {
  it('choice rules read nothing past READ_LIMIT: a longer reply goes to the judge, whatever it holds', () => {
    for (const reply of [...pathological(READ_LIMIT + 1), `The answer is B.${' '.repeat(READ_LIMIT)}`, `B${'.'.repeat(READ_LIMIT)}`]) {
      expect(extractChoice(reply, options), JSON.stringify(reply.slice(0, 30))).toEqual({ label: null, path: 'failed' });
    }
    // At the cap the reply is read as before: the cap is the only thing that changed for it.
    expect(extractChoice(`The answer is B.${' '.repeat(READ_LIMIT - 20)}`, options)).toEqual({ label: 'B', path: 'letter' });
    // A JSON answer is read from its field (JSON.parse is linear), however long its reasoning field.
    expect(extractChoice(JSON.stringify({ reasoning: rep('answer is ', 3 * READ_LIMIT), answer: 'C' }), options).label).toBe('C');
  });

  it('the open-answer parse reads the first READ_LIMIT characters: nothing after them changes its result', () => {
    for (const reply of pathological(READ_LIMIT)) {
      const head = parseOpenResponse(reply);
      for (const tail of ['\nso the answer is 42', ' 1,000,000', rep('1', 5000)]) expect(parseOpenResponse(reply + tail)).toEqual(head);
    }
  });

  it('the open-answer parse keeps at most MAX_CANDIDATES distinct candidates, the first ones in order', () => {
    const numbers = Array.from({ length: 2 * MAX_CANDIDATES }, (_, i) => String(i + 1)).join(' ');
    const got = parseOpenResponse(numbers);
    expect(got.length).toBe(MAX_CANDIDATES);
    expect(got.slice(0, 3)).toEqual([numbers, 1, 2]);
  });

  it('more than MAX_MENTIONS standalone letters are not read as a letter, however they repeat', () => {
    expect(readLetters(rep('B ', 2 * MAX_MENTIONS), new Set(['A', 'B', 'C', 'D']))).toEqual({ label: 'B', stated: false });
    expect(readLetters(rep('B ', 2 * MAX_MENTIONS + 4), new Set(['A', 'B', 'C', 'D']))).toBe('ambiguous');
  });

  it('the linear number and space patterns agree with the ones they replaced on every prefix and on random text', () => {
    const inputs = [...randomStrings(3000), ...pathological(300).flatMap((p) => [40, 120, 300].map((n) => p.slice(0, n)))];
    for (const text of inputs) {
      expect(extractNumbers(text), JSON.stringify(text)).toEqual(oldNumbers(text));
      expect(pyStrip(text)).toBe(text.replace(OLD.trim, ''));
    }
  });

  it('clean-up trims only quotes that open and close the reply (issue 30), and pyRound keeps Python\'s ties', () => {
    const cases: [string, string][] = [['"B"', 'B'], ['“go”', 'go'], ['x"""x', 'x"""x'], ['""', ''], ['He said “go”', 'He said "go"'], ['"a “quoted” word"', 'a "quoted" word']];
    for (const [text, cleaned] of cases) expect(cleanReply(text)).toBe(cleaned);
    expect([0.125, 0.375, 2.675, 1.005, -0.125, 7, 1e15 + 0.5, 0.1 + 0.2].map((x) => pyRound(x, 2))).toEqual([0.12, 0.38, 2.67, 1, -0.12, 7, 1e15 + 0.5, 0.3]);
  });
});
