import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bleu4 } from './bleu';
import { codeOf } from './code-block';
import { textRight } from './rules';

// Made by make_bleu.py beside it with NLTK's sentence_bleu (its README row in test/fixtures/conformance says how).
const fixture = join(__dirname, '../../test/fixtures/conformance/latextab/bleu.json');
const fileSchema = z.object({
  cases: z.array(z.object({
    note: z.string(), reference: z.string(), reply: z.string(), code: z.string(), bleu: z.number(), bleu_whole: z.number(), right: z.boolean(),
  })),
});
const { cases } = fileSchema.parse(JSON.parse(readFileSync(fixture, 'utf8')));

describe('LatexTab BLEU-4 matches NLTK case by case, on the code the reply contains', () => {
  it('covers fenced and unfenced replies on both sides of the threshold, and 0.8 itself', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.code !== c.reply).length).toBeGreaterThanOrEqual(15);
    expect(cases.filter((c) => Math.abs(c.bleu - 0.8) < 0.01).map((c) => c.right)).toEqual(expect.arrayContaining([true, false]));
    expect(cases.some((c) => c.bleu === 0.8 && !c.right)).toBe(true);
  });

  it.each(cases.map((c) => [c.note, c] as const))('%s', (_note, c) => {
    expect(codeOf(c.reply)).toBe(c.code);
    expect(bleu4(c.reference, c.code)).toBeCloseTo(c.bleu, 12);
    expect(bleu4(c.reference, c.reply)).toBeCloseTo(c.bleu_whole, 12);
    expect(textRight('bleu4', [c.reference], c.reply)).toBe(c.right);
  });
});
