import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionLabel } from '../domain/options';
import { circularPasses } from './circular';

const folder = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'vlmevalkit');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(folder, name), 'utf8')) as T;

interface OptionSet { index: number; options: string[]; answer: string }
interface Copy { index: number; options: string[]; answer: string }

describe('CircularEval against VLMEvalKit\'s own CIRCULAR() (test/fixtures/conformance/vlmevalkit)', () => {
  const sets = read<OptionSet[]>('circular-option-sets.json');
  const copies = new Map(read<{ index: number; copies: Copy[] }[]>('circular-copies.json').map((c) => [c.index, c.copies]));

  it('rotates exactly the option sets VLMEvalKit rotates, into the same option orders and answers', () => {
    expect(sets.length).toBeGreaterThanOrEqual(300);
    let single = 0;
    for (const set of sets) {
      const theirs = copies.get(set.index)!;
      // VLMEvalKit's answer is one string; "AB" is two right answers to the studio.
      const plan = circularPasses(set.options.map((text, i) => ({ label: optionLabel(i), text })), [...set.answer]);
      const ours = plan.passes.map((p) => ({ index: set.index + p.pass * 1e6, options: p.options.map((o) => o.text), answer: p.answer.join('') }));
      expect({ index: set.index, copies: ours }).toEqual({ index: set.index, copies: theirs });
      expect(plan.flag === null).toBe(theirs.length > 1);
      if (theirs.length === 1) single++;
    }
    // Both kinds are exercised: a fixture where every set is single (or none is) would prove little.
    expect(single).toBeGreaterThan(50);
    expect(sets.length - single).toBeGreaterThan(50);
  });

  it('asks six four-option questions whose options merely mention one capital letter four times each', () => {
    const six = sets.slice(0, 6);
    expect(six.every((s) => s.options.includes('Vitamin C') && s.options.includes('Plan B is better'))).toBe(true);
    const passes = six.map((s) => circularPasses(s.options.map((text, i) => ({ label: optionLabel(i), text })), [s.answer]).passes.length);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(24);
  });
});
