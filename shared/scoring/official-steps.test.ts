import { describe, expect, it } from 'vitest';
import { officialVlmEvalKit, officialVlmEvalKitSteps } from './vlmevalkit-official';
import type { OfficialInput } from './official-common';

/** A lettered question whose reply names its gold (every third one wrong). */
const input = (i: number): OfficialInput => ({
  id: `q${i}`, type: 'multiple-choice', subject: null, category: 'c', l2Category: null, split: null,
  passes: [{ options: [{ label: 'A', text: 'red' }, { label: 'B', text: 'blue' }], gold: ['A'], reply: i % 3 === 0 ? 'The answer is B' : 'The answer is A' }],
  studio: { read: 'A', right: true },
});

describe('official scorers as steps (issue 29)', () => {
  it('pause every 64 questions, so a server computing a summary takes turns, and give what the one-piece scorer gives', () => {
    const inputs = Array.from({ length: 200 }, (_, i) => input(i));
    const steps = officialVlmEvalKitSteps(inputs, false);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBe(3);
    expect(step.value).toEqual(officialVlmEvalKit(inputs, false));
    expect(step.value.score.overall).toBeCloseTo(133 / 200, 10);
  });
});
