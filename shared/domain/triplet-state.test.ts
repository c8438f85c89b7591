import { describe, expect, it } from 'vitest';
import { itemStatusSchema, type ItemStatus } from '../contract/entities';
import { nextStatus, overrideTargets, TransitionError, type TripletEvent } from './triplet-state';
import { draftIssues, tripletIssues } from './triplet-validation';
import { editRefusal, reviewRefusal } from './permissions';
import { cohenKappa } from '../scoring/agreement';

const statuses = itemStatusSchema.options;
const events: TripletEvent[] = [
  { type: 'assign' },
  { type: 'submit' },
  { type: 'firstVerdict' },
  { type: 'secondVerdict', bothPassed: true },
  { type: 'secondVerdict', bothPassed: false },
];
const key = (e: TripletEvent) => (e.type === 'secondVerdict' ? `secondVerdict:${e.bothPassed ? 'pass' : 'problem'}` : e.type);

// The whole table, written out: every status × event not listed here must be refused.
const allowed: Record<string, ItemStatus> = {
  'unassigned/assign': 'annotating',
  'annotating/submit': 'submitted',
  'returned/submit': 'resubmitted',
  'submitted/firstVerdict': 'in_review',
  'resubmitted/firstVerdict': 'in_review',
  'in_review/secondVerdict:pass': 'accepted',
  'in_review/secondVerdict:problem': 'returned',
};

describe('the triplet state machine', () => {
  for (const status of statuses) {
    for (const event of events) {
      const expected = allowed[`${status}/${key(event)}`];
      it(`${status} + ${key(event)} → ${expected ?? 'refused'}`, () => {
        if (expected) expect(nextStatus(status, event)).toBe(expected);
        else expect(() => nextStatus(status, event)).toThrow(TransitionError);
      });
    }
    it(`a lead can move ${status} to any override target`, () => {
      for (const to of overrideTargets) expect(nextStatus(status, { type: 'override', to })).toBe(to);
    });
  }

  it('reaches accepted only when both checkers pass, and re-review follows a resubmission', () => {
    let s: ItemStatus = 'unassigned';
    for (const e of [{ type: 'assign' }, { type: 'submit' }, { type: 'firstVerdict' }, { type: 'secondVerdict', bothPassed: false }] as TripletEvent[]) s = nextStatus(s, e);
    expect(s).toBe('returned');
    for (const e of [{ type: 'submit' }, { type: 'firstVerdict' }, { type: 'secondVerdict', bothPassed: true }] as TripletEvent[]) s = nextStatus(s, e);
    expect(s).toBe('accepted');
    expect(() => nextStatus(s, { type: 'submit' })).toThrow('cannot submit it: the triplet is accepted');
  });
});

describe('permissions', () => {
  const assignment = { annotator: 'ann', checkers: ['c1', 'c2'] as [string, string] };
  it('lets only the annotator edit, and only while annotating or returned', () => {
    expect(editRefusal({ id: 'ann', roles: ['annotator'] }, assignment, 'annotating')).toBeNull();
    expect(editRefusal({ id: 'ann', roles: ['annotator'] }, assignment, 'returned')).toBeNull();
    expect(editRefusal({ id: 'ann', roles: ['annotator'] }, assignment, 'submitted')).toMatch(/submitted/);
    expect(editRefusal({ id: 'c1', roles: ['checker', 'annotator'] }, assignment, 'annotating')).toMatch(/checkers cannot edit/);
    expect(editRefusal({ id: 'x', roles: ['lead'] }, assignment, 'annotating')).toMatch(/only the triplet's annotator/);
  });
  it('never lets an annotator review their own triplet, nor a checker review twice', () => {
    expect(reviewRefusal({ id: 'ann', roles: ['checker'] }, assignment, 'submitted', false)).toMatch(/own triplets/);
    expect(reviewRefusal({ id: 'c1', roles: ['checker'] }, assignment, 'submitted', false)).toBeNull();
    expect(reviewRefusal({ id: 'c1', roles: ['checker'] }, assignment, 'in_review', true)).toMatch(/already/);
    expect(reviewRefusal({ id: 'c3', roles: ['checker'] }, assignment, 'submitted', false)).toMatch(/not one of/);
    expect(reviewRefusal({ id: 'c2', roles: ['checker'] }, assignment, 'annotating', false)).toMatch(/not waiting/);
  });
});

describe('draft validation', () => {
  const good = { text: 'What colour is the car?', options: ['red', 'blue'], answer: 'A', rationale: '' };
  it('accepts a complete question and names each problem at its field', () => {
    expect(draftIssues('perception', good, 'How fast is the car?')).toEqual([]);
    const issues = draftIssues('perception', { text: ' ', options: ['red', 'Red ', ''], answer: 'D', rationale: '' }, null);
    expect(issues.map((i) => i.field)).toEqual(['text', 'options.1', 'options.2', 'answer']);
    expect(issues[1]!.message).toBe('Same as option A.');
  });
  it('refuses a copy of the original question, too few or too many options, and a missing answer', () => {
    expect(draftIssues('knowledge', { ...good, text: 'how fast is the car' }, 'How fast is the car?')[0]!.message).toMatch(/copies the original/);
    expect(draftIssues('knowledge', { ...good, options: ['x'], answer: 'A' }, null).map((i) => i.field)).toEqual(['options']);
    expect(draftIssues('knowledge', { ...good, options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, null).map((i) => i.field)).toEqual(['options']);
    expect(draftIssues('knowledge', { ...good, answer: null }, null).map((i) => i.field)).toEqual(['answer']);
    expect(tripletIssues({ perception: good, knowledge: good }, null).map((i) => i.message)).toEqual(['Same as the perception question.']);
  });
});

describe("Cohen's kappa", () => {
  it('matches a hand-computed 2×2 table (20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no: p_o 0.7, p_e 0.5, κ 0.4)', () => {
    const pairs = [
      ...Array<[string, string]>(20).fill(['y', 'y']), ...Array<[string, string]>(5).fill(['y', 'n']),
      ...Array<[string, string]>(10).fill(['n', 'y']), ...Array<[string, string]>(15).fill(['n', 'n']),
    ];
    const a = cohenKappa(pairs);
    expect(a.n).toBe(50);
    expect(a.percent).toBeCloseTo(0.7, 12);
    expect(a.kappa).toBeCloseTo(0.4, 12);
  });
  it('is undefined when both raters always give the same single label, and for no items', () => {
    expect(cohenKappa([['p', 'p'], ['p', 'p']])).toEqual({ n: 2, percent: 1, kappa: null });
    expect(cohenKappa([])).toEqual({ n: 0, percent: null, kappa: null });
  });
});
