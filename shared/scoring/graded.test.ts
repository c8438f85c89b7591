import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradePrompt, MMVET_PROMPT, MMVET_RETRY_SUFFIX, parseGrade } from './graded';
import { integrationName, mmvetCapabilitiesOf, scoreGraded, type GradedQuestion } from './graded-report';
import { pyRound } from './rounding';

const conformance = join(__dirname, '..', '..', 'test', 'fixtures', 'conformance', 'mmvet');

/** A CSV row of MM-Vet's export as name → value (its `runs` cell is a Python list and is left out). */
function csvRow(file: string): Map<string, number> {
  const [header, row] = readFileSync(join(conformance, file), 'utf8').trim().split('\n').map((l) => l.split(','));
  return new Map(header!.slice(1).flatMap((name, i) => (name === 'runs' ? [] : [[name, Number(row![i + 1])] as [string, number]])));
}

describe('MM-Vet grading prompt and parsing', () => {
  it('appends the graded row as MM-Vet writes it, with spaced <AND>/<OR> and an empty last cell', () => {
    const prompt = gradePrompt(MMVET_PROMPT, 'What is x?', '-1<AND>-5<OR>x', 'x = -1', 0);
    expect(prompt).toBe(`${MMVET_PROMPT}\nWhat is x? | -1 <AND> -5 <OR> x | x = -1 | `);
    expect(gradePrompt(MMVET_PROMPT, 'q', 'a', 'p', 1)).toBe(`${MMVET_PROMPT}\nq | a | p | ${MMVET_RETRY_SUFFIX}`);
    expect(MMVET_PROMPT).toContain('What is x in the equation? | -1 <AND> -5 | x = -5 or 5 | 0.5\n');
  });

  it('reads a score in [0, 1] from the first word only, and nothing else', () => {
    expect(parseGrade('0.7')).toBe(0.7);
    expect(parseGrade('1.0 because')).toBe(1);
    expect(parseGrade('\n0.5')).toBe(0.5);
    expect(parseGrade('.5')).toBe(0.5);
    for (const bad of ['', 'Score: 1.0', ' 0.5', '1.5', '-0.1', 'nan', 'inf', '1e-1', '1_0', 'N/A', '0,5']) expect(parseGrade(bad), bad).toBeNull();
  });

  it('takes VLMEvalKit MMVet categories as capability lists, and nothing else', () => {
    expect(mmvetCapabilitiesOf('math,ocr')).toEqual(['ocr', 'math']);
    expect(mmvetCapabilitiesOf('spat')).toEqual(['spat']);
    expect(mmvetCapabilitiesOf('Regular Text Recognition')).toBeNull();
    expect(mmvetCapabilitiesOf('')).toBeNull();
    expect(integrationName(['math', 'ocr', 'rec'])).toBe('rec_ocr_math');
  });
});

describe('MM-Vet scores', () => {
  const q = (capabilities: string[], grades: (number | null)[], override: number | null = null): GradedQuestion => ({ capabilities, grades, override });

  it('gives total, capability and integration means ± std over runs, leaving ungraded grades out', () => {
    const questions = [q(['rec'], [1, 0.5]), q(['rec', 'ocr'], [0.5, 0.5]), q(['ocr'], [0, null]), q(['ocr'], [null, null], 0.3)];
    const s = scoreGraded(questions, 2);
    // Run 1: (1 + 0.5 + 0 + 0.3) / 4 = 45%; run 2: (0.5 + 0.5 + 0.3) / 3 = 43.33% (the ungraded grade is left out).
    expect(s.total.runs[0]).toBeCloseTo(45, 10);
    expect(s.total.runs[1]).toBeCloseTo(130 / 3, 10);
    expect(s.total.mean).toBeCloseTo((45 + 130 / 3) / 2, 10);
    expect(s.total.std).toBeCloseTo(Math.abs(45 - 130 / 3) / 2, 10);
    expect([s.ungraded, s.ungradedQuestions, s.overridden]).toEqual([1, 1, 1]);
    const ocr = s.byCapability.find((g) => g.name === 'ocr')!;
    // ocr: run 1 (0.5 + 0 + 0.3) / 3, run 2 (0.5 + 0.3) / 2.
    expect(ocr.runs[0]).toBeCloseTo(80 / 3, 10);
    expect(ocr.runs[1]).toBeCloseTo(40, 10);
    expect(s.byIntegration.map((g) => [g.name, g.questions])).toEqual([['ocr', 2], ['rec', 1], ['rec_ocr', 1]]);
  });

  it('reproduces MM-Vet\'s own export_result on the conformance grades', () => {
    const data = JSON.parse(readFileSync(join(conformance, 'mm-vet.json'), 'utf8')) as Record<string, { capability: string[] }>;
    const grades = JSON.parse(readFileSync(join(conformance, 'grades-2runs.json'), 'utf8')) as Record<string, { score: number[] }>;
    const s = scoreGraded(Object.entries(data).map(([id, d]) => q(d.capability, grades[id]!.score)), 2);
    const caps = csvRow('cap-score-2runs.csv');
    const ints = csvRow('cap-int-score-2runs.csv');
    const round = (v: number | null) => pyRound(v!, 1);
    expect(round(s.total.mean)).toBe(caps.get('total'));
    expect(round(s.total.std)).toBe(caps.get('std'));
    expect(round(s.total.mean)).toBe(ints.get('total'));
    expect(s.total.runs.map((r) => round(r))).toEqual([60, 58.9]);
    expect(s.byCapability.map((g) => [g.name, round(g.mean)])).toEqual(s.byCapability.map((g) => [g.name, caps.get(g.name)]));
    expect(s.byCapability).toHaveLength(caps.size - 2);
    // MM-Vet names an integration by joining a Python set, whose order follows the string hash: compare as sets.
    const sorted = (name: string) => name.split('_').sort().join('_');
    const theirs = new Map([...ints].filter(([k]) => k !== 'total' && k !== 'std').map(([k, v]) => [sorted(k), v]));
    expect(new Map(s.byIntegration.map((g) => [sorted(g.name), round(g.mean)]))).toEqual(theirs);
  });
});
