import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMmStarSet, officialMmStar } from './mmstar-official';
import type { OfficialInput } from './official-common';

const dir = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'mmstar-official');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

interface Row { index: number; answer: string; category: string; l2_category: string; prediction: string }
interface Expected { questions: { index: number; right: boolean }[]; score: Record<string, number> }

/** MMStar's row as the studio holds its question; the studio's verdict is "right" throughout, to see differences. */
const toInput = (r: Row): OfficialInput => ({
  id: String(r.index), type: 'multiple-choice', subject: null, category: r.category, l2Category: r.l2_category, split: null,
  passes: [{ options: ['A', 'B', 'C', 'D'].map((label) => ({ label, text: `option ${label}` })), gold: [r.answer], reply: r.prediction }],
  studio: { read: r.answer, right: true },
});

describe('MMStar\'s own scorer (MMStar_eval)', () => {
  const rows = read<Row[]>('inputs.json');
  const expected = read<Expected>('expected.json');
  const { score, readings } = officialMmStar(rows.map(toInput));

  it('reads each reply by its first character as MMStar_eval does', () => {
    expect(readings.map((r) => ({ index: Number(r.id), right: r.right }))).toEqual(expected.questions);
  });

  it('prints its figures: final score over 1500, categories over 250, L2 categories over their questions', () => {
    expect(Object.fromEntries(score.groups.map((g) => [g.name, g.acc]))).toEqual(expected.score);
    expect(score.groups.map((g) => g.name)).toEqual(Object.keys(expected.score));
    expect(score.note).toBeNull();
    expect(score.differenceCount).toBe(expected.questions.filter((q) => !q.right).length);
  });

  it('says the script would stop when an L2 category has no question, and leaves that figure out', () => {
    const partial = officialMmStar(rows.filter((r) => r.l2_category !== 'geometry').map(toInput)).score;
    expect(partial.groups.find((g) => g.name === 'math(geometry)')).toEqual({ name: 'math(geometry)', num: 0, acc: null });
    expect(partial.note).toMatch(/ZeroDivisionError .*math\(geometry\)/);
  });

  it('applies to MMStar\'s categories only', () => {
    expect(isMmStarSet(rows.map(toInput))).toBe(true);
    expect(isMmStarSet([{ ...toInput(rows[0]!), l2Category: 'image_scene' }])).toBe(false);
  });
});
