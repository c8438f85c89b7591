import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mmmuSubject } from './mmmu';
import { isMmmuSet, officialMmmu } from './mmmu-official';
import type { OfficialInput } from './official-common';
import { PyRandom } from './python-random';

const dir = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'mmmu-official');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

interface Row { id: string; question_type: string; answer: string | string[]; index2ans?: Record<string, string>; response: string }
interface Expected {
  questions: { id: string; parsed_pred: string | (string | number)[]; judge: 'Correct' | 'Wrong'; random_fallback: boolean }[];
  results: Record<string, { num: number; acc: number }>;
}

/** A row of MMMU's output.json as the studio holds it; the studio's verdict is "right" throughout, to see differences. */
const fromOutputRow = (r: Row): OfficialInput => ({
  id: r.id, type: r.question_type === 'multiple-choice' ? 'multiple-choice' : 'open', subject: mmmuSubject(r.id), category: null, l2Category: null,
  split: null, passes: [{
    options: Object.entries(r.index2ans ?? {}).map(([label, text]) => ({ label, text })),
    gold: Array.isArray(r.answer) ? r.answer : [r.answer],
    reply: r.response,
  }],
  studio: { read: null, right: true },
});

describe('MMMU\'s figure as its own evaluation computes it from replies', () => {
  const rows = read<Row[]>('inputs.json');
  const expected = read<Expected>('expected.json');
  const { score, readings } = officialMmmu(rows.map(fromOutputRow));

  it('reads every reply as parse_multi_choice_response / parse_open_response do, random fallback included', () => {
    const mine = new Map(readings.map((r) => [r.id, r]));
    for (const q of expected.questions) {
      const r = mine.get(q.id)!;
      expect({ id: q.id, right: r.right, fallback: r.randomFallback }).toEqual({ id: q.id, right: q.judge === 'Correct', fallback: q.random_fallback });
      if (typeof q.parsed_pred === 'string') expect({ id: q.id, read: r.read }).toEqual({ id: q.id, read: q.parsed_pred });
      else expect(new Set(JSON.parse(r.read!) as unknown[])).toEqual(new Set(q.parsed_pred));
    }
    expect(readings.filter((r) => r.randomFallback)).toHaveLength(16);
  });

  it('prints what main_eval_only.py prints: per subject, per domain and overall', () => {
    expect(Object.fromEntries(score.groups.map((g) => [g.name, { num: g.num, acc: g.acc }]))).toEqual(expected.results);
    expect(score.groups.map((g) => g.name)).toEqual(Object.keys(expected.results));
    expect(score.overall).toBe(expected.results.Overall!.acc);
  });

  it('lists each random fallback, labelled, and each question the studio judges otherwise', () => {
    expect(score.randomFallbacks).toBe(16);
    const fallbacks = score.differences.filter((d) => d.randomFallback);
    expect(fallbacks).toHaveLength(16);
    expect(fallbacks.every((d) => /drew [A-G] at random \(Python's random, seed 42\)/.test(d.why))).toBe(true);
    const wrong = expected.questions.filter((q) => q.judge === 'Wrong' || q.random_fallback).length;
    expect(score.differenceCount).toBe(wrong);
  });

  it('applies to MMMU subjects only', () => {
    expect(isMmmuSet(rows.map(fromOutputRow))).toBe(true);
    expect(isMmmuSet([{ ...fromOutputRow(rows[0]!), subject: 'Cooking' }])).toBe(false);
  });
});

describe('Python\'s random, draw for draw', () => {
  it('gives what CPython 3.11 gives after random.seed(42)', () => {
    // python3 -c "import random; random.seed(42); print(random.getrandbits(32), random.getrandbits(32), random.choice('ABCDE'), random.choice('ABCDEFG'))"
    const r = new PyRandom(42);
    expect([r.getrandbits(32), r.getrandbits(32), r.choice([...'ABCDE']), r.choice([...'ABCDEFG'])]).toEqual([2746317213, 478163327, 'A', 'F']);
  });
});
