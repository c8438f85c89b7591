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
