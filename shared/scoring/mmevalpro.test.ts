import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roleFromEvalType } from '../domain/roles';
import { scoreMmEvalPro, type TripletAnswer } from './mmevalpro';
import { pyRound } from './rounding';

const conformance = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'mmevalpro');

describe('MMEvalPro scoring', () => {
  it('reproduces every number of the published demo_score.json', () => {
    const rows = JSON.parse(readFileSync(join(conformance, 'demo_model_output.json'), 'utf8')) as {
      triplet_id: number; model_output: string; answer: string; source: string; eval_type: string;
    }[];
    const expected = JSON.parse(readFileSync(join(conformance, 'demo_score.json'), 'utf8')) as Record<string, Record<string, number>>;
    const answers: TripletAnswer[] = rows.map((r) => ({
      tripletId: String(r.triplet_id), source: r.source, role: roleFromEvalType(r.eval_type)!, prediction: r.model_output, answer: r.answer,
    }));
    const report = scoreMmEvalPro(answers);
    const keys = ['genuine_accuracy_score', 'average_score', 'origin_score', 'perception_score', 'knowledge_score'] as const;
    for (const [group, values] of Object.entries(expected)) {
      const got = group === 'Macro_Average' ? report.Macro_Average : group === 'Micro_Average' ? report.Micro_Average : report.bySource[group]!;
      expect(Object.fromEntries(keys.map((k) => [k, got[k]])), group).toEqual(values);
    }
  });

  it('computes GA, CG, PC, KC and the conditional matrix on a hand-made case', () => {
    const t = (id: string, o: boolean, p: boolean, k: boolean): TripletAnswer[] => [
      { tripletId: id, source: 'S', role: 'origin', prediction: o ? 'A' : 'B', answer: 'A' },
      { tripletId: id, source: 'S', role: 'perception', prediction: p ? 'A' : 'B', answer: 'A' },
      { tripletId: id, source: 'S', role: 'knowledge', prediction: k ? 'A' : null, answer: 'A' },
    ];
    const r = scoreMmEvalPro([...t('1', true, true, true), ...t('2', true, false, true), ...t('3', false, true, false), ...t('4', true, true, false)]).Micro_Average;
    expect(r.genuine_accuracy_score).toBe(25);
    expect(r.origin_score).toBe(75);
    expect(r.consistency_gap).toBe(50);
    expect(r.perception_consistency).toBe(66.67);
    expect(r.knowledge_consistency).toBe(66.67);
    expect(r.conditional.origin.perception).toBe(66.67);
    expect(r.conditional.origin.origin).toBe(100);
    expect(r.average_score).toBe(pyRound((100 * 8) / 12, 2));
  });

  it('counts complete triplets only in the triplet metrics, says how many were incomplete, and a duplicate once', () => {
    const r = scoreMmEvalPro([
      // Triplet 1 never asked its knowledge question: not a wrong answer, an incomplete triplet.
      { tripletId: '1', source: 'S', role: 'origin', prediction: 'A', answer: 'A' },
      { tripletId: '1', source: 'S', role: 'perception', prediction: 'B', answer: 'A' },
      { tripletId: '2', source: 'S', role: 'origin', prediction: 'A', answer: 'A' },
      { tripletId: '2', source: 'S', role: 'perception', prediction: 'A', answer: 'A' },
      { tripletId: '2', source: 'S', role: 'knowledge', prediction: 'A', answer: 'A' },
      { tripletId: '2', source: 'S', role: 'knowledge', prediction: 'B', answer: 'A' },
    ]).Micro_Average;
    expect(r.triplets).toBe(1);
    expect(r.incomplete_triplets).toBe(1);
    expect(r.genuine_accuracy_score).toBe(100);
    expect(r.consistency_gap).toBe(0);
    expect(r.perception_consistency).toBe(100);
    // Question-level accuracies still count every question asked.
    expect(r.origin_score).toBe(100);
    expect(r.perception_score).toBe(50);
  });

  it('computes CG from unrounded OA and GA, rounded once: 33.33, not round(OA) − round(GA) = 33.34', () => {
    const t = (id: string, o: boolean, all: boolean): TripletAnswer[] => [
      { tripletId: id, source: 'S', role: 'origin', prediction: o ? 'A' : 'B', answer: 'A' },
      { tripletId: id, source: 'S', role: 'perception', prediction: all ? 'A' : 'B', answer: 'A' },
      { tripletId: id, source: 'S', role: 'knowledge', prediction: 'A', answer: 'A' },
    ];
    const report = scoreMmEvalPro([...t('1', true, true), ...t('2', true, false), ...t('3', false, false)]);
    const r = report.Micro_Average;
    expect([r.origin_score, r.genuine_accuracy_score]).toEqual([66.67, 33.33]);
    expect(pyRound(r.origin_score - r.genuine_accuracy_score, 2)).toBe(33.34);
    expect(r.consistency_gap).toBe(33.33);
    expect(report.Macro_Average.consistency_gap).toBe(33.33);
  });

  it('compares strings exactly: a lowercase prediction or a gold answer outside the options is wrong, empty groups score 0', () => {
    const r = scoreMmEvalPro([{ tripletId: '1', source: 'S', role: 'origin', prediction: 'd', answer: 'D' }]).Micro_Average;
    expect(r.origin_score).toBe(0);
    expect(r.perception_score).toBe(0);
    expect(scoreMmEvalPro([]).Macro_Average.genuine_accuracy_score).toBe(0);
  });
});

describe('Python rounding', () => {
  it('rounds ties to even on exact decimal ties and to nearest otherwise', () => {
    expect(pyRound(17.125)).toBe(17.12);
    expect(pyRound(17.375)).toBe(17.38);
    expect(pyRound(0.285)).toBe(0.28); // 0.285 is 0.28499999… as a double, as in Python
    expect(pyRound(2.675)).toBe(2.67);
    expect(pyRound(52.69953)).toBe(52.7);
    expect(pyRound(-17.125)).toBe(-17.12);
    expect(pyRound(0.125)).toBe(0.12);
  });
});
