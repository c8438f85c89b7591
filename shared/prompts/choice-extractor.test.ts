import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelOptions } from '../domain/options';
import { choiceExtractorPrompt } from './choice-extractor';

const fileSchema = z.object({
  cases: z.array(z.object({ question: z.string(), options: z.array(z.string()), prediction: z.string(), prompt: z.string() })),
});

// Written by VLMEvalKit's own build_prompt / build_prompt_cn / build_option_str (the folder's README says how).
const fixture = join(__dirname, '../../test/fixtures/conformance/mmbench/choice-extractor-prompts.json');
const { cases } = fileSchema.parse(JSON.parse(readFileSync(fixture, 'utf8')));

describe('the judge asks with MMBench\'s choice-extractor prompt, byte for byte', () => {
  it('has the English and the Chinese template among the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(cases.some((c) => c.prompt.startsWith('你是'))).toBe(true);
  });

  it.each(cases.map((c) => [c.question, c] as const))('%j', (_question, c) => {
    expect(choiceExtractorPrompt(c.question, labelOptions(c.options), c.prediction)).toBe(c.prompt);
  });
});
