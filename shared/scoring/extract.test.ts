import { describe, expect, it } from 'vitest';
import { labelOptions } from '../domain/options';
import { extractChoice, parseJudgeReply, type ExtractionPath } from './extract';

const ABCD = labelOptions(['a red circle', 'a blue square', 'a green triangle', 'nothing']);
const NUMS = labelOptions(['5', '15', '25', '50']);
const SHORT = labelOptions(['Yes', 'No']);
const CJK = labelOptions(['猫', '狗', '鸟', '鱼']);

type Row = [response: string, expected: string | null, path: ExtractionPath, options?: typeof ABCD];

// Every rule of METHODS §4 with the cases that break naive extractors; the label is what a careful person would read.
const table: Row[] = [
  // bare labels
  ['B', 'B', 'exact'],
  [' C ', 'C', 'exact'],
  ['D\n', 'D', 'exact'],
  ['d', 'D', 'exact'],
  ['a', 'A', 'exact'],
  // wrappers
  ['(B)', 'B', 'exact'],
  ['B.', 'B', 'exact'],
  ['B)', 'B', 'exact'],
  ['[C]', 'C', 'exact'],
  ['**B**', 'B', 'exact'],
  ['`A`', 'A', 'exact'],
  ['"C"', 'C', 'exact'],
  ['Answer: B', 'B', 'exact'],
  ['Answer:B', 'B', 'exact'],
  ['answer: c', 'C', 'exact'],
  ['Final answer: C', 'C', 'exact'],
  ['Option B', 'B', 'exact'],
  ['**Answer:** B', 'B', 'exact'],
  ['### Answer\nC', 'C', 'exact'],
  ['Ｂ', 'B', 'exact'],
  ['答案：C', 'C', 'letter'],
  // explicit statements (docs/FORMATS.md: "the answer is B" is `letter`; anchor-rules-1 recorded `exact`)
  ['The answer is B', 'B', 'letter'],
  ['The answer is (D).', 'D', 'letter'],
  ['The correct answer is A.', 'A', 'letter'],
  ['Looking at the image, the answer is B because the square is blue.', 'B', 'letter'],
  ['The circle is red, so the correct option is (A).', 'A', 'letter'],
  ['After counting, my final answer: D', 'D', 'letter'],
  ['B. a blue square', 'B', 'letter'],
  ['(C) a green triangle', 'C', 'letter'],
  ['C: the triangle', 'C', 'letter'],
  ['答案是B', 'B', 'letter'],
  ['我认为答案是 D。', 'D', 'letter'],
  // one label standing alone as a token
  ['I think B is right.', 'B', 'letter'],
  ['It must be C, given the colours.', 'C', 'letter'],
  ['A cat sits on the mat, so I pick D.', 'D', 'letter'],
  ['I believe it is D', 'D', 'letter'],
  ['Between the shapes, choose B over the others', 'B', 'letter'],
  ['1. Observe the image\n2. Count the sides\nResult: C', 'C', 'letter'],
  // lowercase articles are never labels
  ['a red circle', 'A', 'option-text'],
  ['It is a blue square.', 'B', 'option-text'],
  ['There is a green triangle in the corner', 'C', 'option-text'],
  ['I see a dog and a bird', null, 'failed'],
  // option texts
  ['A blue square.', 'B', 'option-text'],
  ['The shape is a green triangle', 'C', 'option-text'],
  ['NOTHING', 'D', 'option-text'],
  ['15', 'B', 'option-text', NUMS],
  ['The value is 25.', 'C', 'option-text', NUMS],
  ['50 units', 'D', 'option-text', NUMS],
  ['Yes', 'A', 'option-text', SHORT],
  ['no.', 'B', 'option-text', SHORT],
  ['狗', 'B', 'option-text', CJK],
  ['图中是一只鸟', 'C', 'option-text', CJK],
  // refusals
  ['I cannot determine the answer from this image.', null, 'unanswerable'],
  ["Sorry, I can't help with that.", null, 'unanswerable'],
  ["I'm sorry, but the image is too blurry.", null, 'unanswerable'],
  ['It is impossible to tell from the picture.', null, 'unanswerable'],
  ['There is not enough information to answer.', null, 'unanswerable'],
  ['None of the options is correct.', null, 'unanswerable'],
  ['无法确定', null, 'unanswerable', CJK],
  ['The answer cannot be determined.', null, 'unanswerable'],
  // several letters or several texts: never a guess
  ['B or C', null, 'failed'],
  ['Either A) or D) could be right', null, 'failed'],
  ['a red circle or a blue square', null, 'failed'],
  ['5 or 15', null, 'failed', NUMS],
  ['', null, 'failed'],
  ['   ', null, 'failed'],
  ['E', null, 'failed'],
  ['The answer is E', null, 'failed'],
  ['Hmm.', null, 'failed'],
  ['The image shows several shapes arranged in a grid with different colours and sizes, and it is hard to say which one the question refers to without more context about the task at hand.', null, 'failed'],
  // never guessing (issue 30, METHODS §4): each of these was read as a letter by anchor-rules-2
  ['Answer: B. a green triangle', null, 'failed'],
  ['Answer: B\n\nLooking again, that is wrong.\n\nFinal: C', 'C', 'letter'],
  ['The answer is D... no, it is B.', 'B', 'letter'],
  ['N/A', null, 'unanswerable'],
  ['A ou C', null, 'failed'],
  ['A o C', null, 'failed'],
  ['<think>Maybe A, since the shape is round.</think>\nThe answer is C.', 'C', 'letter'],
  ['<think>The answer is A because it is round, but let me check', null, 'failed'],
  ['Option B mentions a blue square. The picture is too dark to see much else.', null, 'unanswerable'],
  ['Let me go through the options one by one. Option B describes a blue square, which could match the left part, but the centre looks more like', null, 'failed'],
  ['He said "go"', 'A', 'option-text', labelOptions(['He said “go”', 'She said “stop”'])],
  ['C', null, 'failed', labelOptions(['C', 'D', 'E', 'F'])],
  ['B', 'B', 'exact', labelOptions(['C', 'D', 'E', 'F'])],
];

describe('extractChoice (METHODS §4 rules)', () => {
  it('has at least 60 vectors', () => expect(table.length).toBeGreaterThanOrEqual(60));

  it.each(table)('%j → %s via %s', (response, expected, path, options = ABCD) => {
    expect(extractChoice(response, options)).toEqual({ label: expected, path });
  });
});

describe('judge replies', () => {
  it('reads a letter with the same rules and Z as "none"', () => {
    expect(parseJudgeReply('B', ABCD)).toEqual({ label: 'B', path: 'exact' });
    expect(parseJudgeReply('Z', ABCD)).toBe('none');
    expect(parseJudgeReply(' z. ', ABCD)).toBe('none');
    expect(parseJudgeReply('I am not sure', ABCD)).toEqual({ label: null, path: 'failed' });
  });

  it('treats Z as a label when the question has 26 options', () => {
    const many = labelOptions(Array.from({ length: 26 }, (_, i) => `option ${i}`));
    expect(parseJudgeReply('Z', many)).toEqual({ label: 'Z', path: 'exact' });
  });
});
