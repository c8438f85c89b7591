import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roleFromEvalType } from '../domain/roles';
import { scoreMmEvalPro, type TripletAnswer } from './mmevalpro';
import { officialMmEvalPro } from './mmevalpro-official';

const fixtures = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance');
const read = <T>(...path: string[]): T => JSON.parse(readFileSync(join(fixtures, ...path), 'utf8')) as T;

interface Row { index: number; triplet_id: number; model_output: string; answer: string; source: string; eval_type: string }
/** auto_score.py's file layout: the three sources, then the two averages. */
const asPrinted = ({ bySource, Macro_Average, Micro_Average }: ReturnType<typeof officialMmEvalPro>) => ({ ...bySource, Macro_Average, Micro_Average });

const toAnswer = (r: Row): TripletAnswer => ({
  tripletId: String(r.triplet_id), source: r.source, role: roleFromEvalType(r.eval_type)!, prediction: r.model_output, answer: r.answer,
});

describe('MMEvalPro figures as the published auto_score.py computes them', () => {
  const demo = read<Row[]>('mmevalpro', 'demo_model_output.json');
  const dropped = new Set(read<number[]>('mmevalpro-official', 'dropped_indices.json'));
  const incomplete = demo.filter((r) => !dropped.has(r.index)).map(toAnswer);

  it('equals auto_score.py on the published demo output', () => {
    const official = officialMmEvalPro(demo.map(toAnswer));
    expect(asPrinted(official)).toEqual(read('mmevalpro', 'demo_score.json'));
    expect(official.differences).toEqual([]);
  });

  it('equals auto_score.py on an output with 40 incomplete triplets, and lists each as a difference', () => {
    const official = officialMmEvalPro(incomplete);
    expect(asPrinted(official)).toEqual(read('mmevalpro-official', 'incomplete_score.json'));
    expect(official.differences).toHaveLength(40);
    expect(official.differences.every((d) => d.role === null && d.studio === null && /^missing /.test(d.why))).toBe(true);
    // The studio's own GA leaves those triplets out, so the two readings really differ on this file.
    const studio = scoreMmEvalPro(incomplete);
    expect(studio.Micro_Average.incomplete_triplets).toBe(40);
    expect(studio.Micro_Average.genuine_accuracy_score).not.toBe(official.Micro_Average!.genuine_accuracy_score);
  });

  it('reads a question as the script does (string equality) and names where a correction decided otherwise', () => {
    const answers = incomplete.slice(0, 300).map((a, i) => (i === 0 ? { ...a, correct: a.prediction !== a.answer } : a));
    const { differences } = officialMmEvalPro(answers);
    const question = differences.filter((d) => d.role !== null);
    const first = answers[0]!;
    expect(question).toEqual([expect.objectContaining({ tripletId: first.tripletId, role: first.role, studio: first.prediction !== first.answer })]);
  });

  it('leaves out a figure the script could not compute (a source with no question divides by zero), and Macro with it', () => {
    const official = officialMmEvalPro(incomplete.filter((a) => a.source !== 'MathVista'));
    expect(official.bySource.MathVista).toBeNull();
    expect(official.Macro_Average).toBeNull();
    expect(official.Micro_Average).not.toBeNull();
  });
});
