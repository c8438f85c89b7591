import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreMmmu, type MmmuGold } from './mmmu';
import { evalOpen, extractNumbers, normalizeStr, parseOpenResponse } from './mmmu-open';

const conformance = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'mmmu');
const read = <T>(name: string) => JSON.parse(readFileSync(join(conformance, name), 'utf8')) as T;

describe('MMMU scoring', () => {
  it('reproduces every number of the official eval for LLaVA-1.5-13B on validation', () => {
    const report = scoreMmmu(read('llava1.5_13b_val_predictions.json'), read('answer_dict_val.json'));
    expect(report).toEqual(read('llava1.5_13b_val_expected.json'));
  });

  it('scores another model’s file without error, every subject present', () => {
    const report = scoreMmmu(read('qwen_vl_val_predictions.json'), read<Record<string, MmmuGold>>('answer_dict_val.json'));
    expect(report.Overall!.num).toBe(900);
    expect(Object.keys(report)).toHaveLength(30 + 6 + 1);
  });
});

describe('MMMU open answers', () => {
  it('normalises numbers to 2 places and pads single characters', () => {
    expect(normalizeStr('1,234.567')).toEqual([1234.57]);
    expect(normalizeStr(' A ')).toEqual([' a', 'a ']);
    expect(normalizeStr('Paris')).toEqual(['paris']);
  });

  it('extracts numbers with commas, scientific notation and plain forms', () => {
    // The same list Python's re.findall gives for the official patterns, quirks included.
    expect(extractNumbers('about 1,200 or 3.5e2 and -7, .5')).toEqual(['1,200', '3.5e2', '200', '3', '2', '.5']);
  });

  it('reads the text after the last indicator word and matches gold strings and numbers', () => {
    expect(parseOpenResponse('The area is 12.5 square units.')).toEqual(expect.arrayContaining(['12.5 square units', 12.5]));
    expect(evalOpen('12.50', parseOpenResponse('Therefore the answer is 12.5'))).toBe(true);
    expect(evalOpen(['blue', 'navy'], parseOpenResponse('I think it is navy blue.'))).toBe(true);
    expect(evalOpen('7', parseOpenResponse('x = 8'))).toBe(false);
    expect(evalOpen('7', parseOpenResponse('x = 7'))).toBe(true);
  });
});

interface EdgeCase {
  gold: string | string[];
  response: string;
  numbers: string[];
  parsed: (string | number)[];
  correct: boolean;
}

/** The official parse as the fixture writes it: numbers first and ascending, then strings, non-finite floats named. */
function asOfficial(values: readonly (string | number)[]): (string | number)[] {
  const named = values.map((v) => (typeof v === 'number' && !Number.isFinite(v) ? `<${Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf'}>` : v));
  const nums = named.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  const strs = named.filter((v): v is string => typeof v === 'string').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...nums, ...strs];
}

describe('MMMU open answers match the official eval_utils case for case (Python Unicode semantics)', () => {
  const { cases } = read<{ cases: EdgeCase[] }>('open-edge-cases.json');

  it.each(cases.map((c) => [c.response, c.gold, c] as const))('%j against gold %j', (_response, _gold, c) => {
    expect(extractNumbers(c.response)).toEqual(c.numbers);
    expect(asOfficial(parseOpenResponse(c.response))).toEqual(c.parsed);
    expect(evalOpen(c.gold, parseOpenResponse(c.response))).toBe(c.correct);
  });

  it('scores a three-prediction file as the official eval does (1 of 3, not 3 of 3)', () => {
    const gold: Record<string, MmmuGold> = {
      validation_Math_1: { question_type: 'open', ground_truth: '5' },
      validation_Math_2: { question_type: 'open', ground_truth: '12' },
      validation_Math_3: { question_type: 'open', ground_truth: '2' },
    };
    const report = scoreMmmu({ validation_Math_1: '5km', validation_Math_2: '12cm', validation_Math_3: '3x+2' }, gold);
    expect(report.Overall).toEqual({ num: 3, acc: 0.333 });
  });
});
