import { describe, expect, it } from 'vitest';
import { isRight, readResponse } from './answer';
import { bleu4 } from './bleu';
import { ruleOf } from './rules';
import { circularCorrect, circularPasses } from './circular';
import { mcnemar, wilson } from './intervals';
import { multimodalGain, multimodalLeakage } from './seeing';

const opts = (...texts: string[]) => texts.map((text, i) => ({ label: String.fromCharCode(65 + i), text }));

describe('CircularEval', () => {
  it('rotates option texts one place per pass, the answer moving with its text', () => {
    const plan = circularPasses(opts('cat', 'dog', 'owl', 'eel'), ['B']);
    expect(plan.flag).toBeNull();
    expect(plan.passes).toHaveLength(4);
    expect(plan.passes[1]!.options.map((o) => o.text)).toEqual(['dog', 'owl', 'eel', 'cat']);
    expect(plan.passes[1]!.answer).toEqual(['A']);
    expect(plan.passes[2]!.answer).toEqual(['D']);
    for (const p of plan.passes) expect(p.options.find((o) => o.label === p.answer[0])!.text).toBe('dog');
  });

  it('gives one flagged pass when option texts are letters or the answer is not a label', () => {
    expect(circularPasses(opts('A', 'B', 'C'), ['A'])).toMatchObject({ passes: [{ pass: 0 }], flag: expect.stringContaining('letters') });
    expect(circularPasses(opts('x', 'y'), ['Z'])).toMatchObject({ passes: [{ pass: 0 }], flag: expect.stringContaining('not an option label') });
  });

  it('asks a multi-answer question once with its whole gold, flagged, never cut to its first label (VLMEvalKit)', () => {
    const plan = circularPasses(opts('cat', 'dog', 'owl', 'eel'), ['A', 'C']);
    expect(plan.passes).toEqual([{ pass: 0, options: opts('cat', 'dog', 'owl', 'eel'), answer: ['A', 'C'] }]);
    expect(plan.flag).toContain('several right answers');
  });

  it('asks a question whose options name other options once, flagged; an article "A" is not a name', () => {
    const both = circularPasses(opts('only the first', 'only the second', 'Both A and B', 'Neither A nor B'), ['C']);
    expect(both.passes).toHaveLength(1);
    expect(both.passes[0]!.answer).toEqual(['C']);
    expect(both.flag).toContain('names other options');
    expect(circularPasses(opts('A dog', 'A cat', 'An owl'), ['B']).passes).toHaveLength(3);
  });

  it('is right only when every pass is; an unanswerable pass is wrong', () => {
    expect(circularCorrect([{ correct: true }, { correct: true }])).toBe(true);
    expect(circularCorrect([{ correct: true }, { correct: false }])).toBe(false);
    expect(circularCorrect([])).toBe(false);
  });
});

describe('intervals and paired tests', () => {
  it('Wilson interval matches the textbook value and stays inside [0, 1]', () => {
    const w = wilson(81, 263);
    expect(w.low).toBeCloseTo(0.2553, 4);
    expect(w.high).toBeCloseTo(0.3662, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 0 });
  });

  it('McNemar: exact for few disagreements, chi-square with continuity correction otherwise', () => {
    const pairs = (b: number, c: number, same: number) => [
      ...Array.from({ length: b }, () => [true, false] as const),
      ...Array.from({ length: c }, () => [false, true] as const),
      ...Array.from({ length: same }, () => [true, true] as const),
    ];
    const exact = mcnemar(pairs(1, 9, 50));
    expect(exact.method).toBe('exact');
    expect(exact.pValue).toBeCloseTo(0.021484375, 9); // 2 × P(X ≤ 1), X ~ Bin(10, ½) = 2 × 11/1024
    const chi = mcnemar(pairs(10, 30, 0));
    expect(chi.method).toBe('chi-square');
    expect(chi.pValue).toBeCloseTo(0.0026631, 6); // χ² = (|10−30|−1)²/40 = 9.025, 1 df: erfc(√(χ²/2))
    expect(mcnemar(pairs(0, 0, 5)).pValue).toBe(1);
  });

  it('McNemar p-values stay within [0, 1] as statsmodels gives them (contingency_tables.mcnemar)', () => {
    const pairs = (b: number, c: number) => [
      ...Array.from({ length: b }, () => [true, false] as const),
      ...Array.from({ length: c }, () => [false, true] as const),
    ];
    // |b − c| = 1: χ² = 0, chi2.sf(0, 1) = 1 exactly (the approximation alone gave 1.00000003).
    expect(mcnemar(pairs(12, 13)).pValue).toBe(1);
    expect(mcnemar(pairs(13, 12)).pValue).toBe(1);
    // b = c: statsmodels does not clamp |b − c| − 1 at 0, so χ² = 1/26 and p = 0.844519…
    expect(mcnemar(pairs(13, 13)).pValue).toBeCloseTo(0.84451926747294, 6);
    // Exact: 2 × cdf is capped at 1 when b = c.
    expect(mcnemar(pairs(5, 5)).pValue).toBe(1);
    for (let b = 0; b <= 40; b++) {
      for (const c of [b, b + 1, 40 - b]) {
        const p = mcnemar(pairs(b, c)).pValue;
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('BLEU-4 (NLTK sentence_bleu, smoothing method 1)', () => {
  it('scores an identical long answer 1 and a short exact match well above 0', () => {
    expect(bleu4('\\begin{tabular}{cc} a & b \\\\ c & d \\end{tabular}', '\\begin{tabular}{cc} a & b \\\\ c & d \\end{tabular}')).toBeCloseTo(1, 10);
    expect(bleu4('a b', 'a b')).toBeCloseTo(Math.exp((Math.log(0.1) * 2) / 4), 10);
  });

  it('applies the brevity penalty and returns 0 with no unigram in common', () => {
    const full = 'the cat sat on the mat today';
    const short = bleu4(full, 'the cat sat on');
    expect(short).toBeCloseTo(Math.exp(1 - 7 / 4) * Math.exp((Math.log(1) + Math.log(1) + Math.log(1) + Math.log(1)) / 4), 10);
    expect(bleu4(full, 'completely different words')).toBe(0);
    expect(bleu4(full, '')).toBe(0);
  });
});

describe('seeing-or-not', () => {
  it('MG is the image’s gain; ML is never negative', () => {
    expect(multimodalGain(55.2, 41.0)).toBeCloseTo(14.2, 10);
    expect(multimodalLeakage(41.0, 35.5)).toBeCloseTo(5.5, 10);
    expect(multimodalLeakage(30, 35.5)).toBe(0);
  });
});

describe('accuracy by grouping', () => {
  it('counts per value of each key with Wilson intervals, skipping predictions without that key', async () => {
    const { accuracyBy, VRP_KEYS } = await import('./accuracy');
    const preds = [
      { correct: true, groups: { level: 'none', colour: null, shape: null } },
      { correct: false, groups: { level: 'partial', colour: 'red', shape: 'box' } },
      { correct: true, groups: { level: 'partial', colour: 'blue', shape: 'box' } },
      { correct: true, groups: { level: 'full', colour: 'red', shape: 'ellipse' } },
    ];
    const r = accuracyBy(preds, VRP_KEYS);
    expect(r.overall).toMatchObject({ n: 4, correct: 3, accuracy: 75 });
    expect(r.by.level).toMatchObject({ full: { n: 1, correct: 1 }, none: { n: 1 }, partial: { n: 2, correct: 1, accuracy: 50 } });
    expect(r.by.colour).toMatchObject({ blue: { n: 1 }, red: { n: 2, correct: 1 } });
    expect(r.by.font).toEqual({});
    expect(r.by.shape!.box!.ci95.low).toBeGreaterThan(0);
    expect(r.by.shape!.box!.ci95.high).toBeLessThan(100);
    expect(accuracyBy([], ['level']).overall).toMatchObject({ n: 0, accuracy: 0 });
  });
});

describe('per-question scoring rules', () => {
  const code = String.raw`\begin{tabular}{|c|c|} \hline a & b \\ \hline c & d \\ \hline \end{tabular}`;

  it('judges code answers by BLEU-4 > 0.8 and exact-text answers by the whole reply', () => {
    expect(isRight('open', [code], code, code, 'bleu4')).toBe(true);
    // One cell changed: BLEU-4 0.761, below VRPTest's 0.8; a trailing comment added: 0.851, above it.
    const cell = code.replace('c & d', 'c & e');
    const comment = code.replace(String.raw`\end{tabular}`, String.raw`\end{tabular} % done`);
    expect(isRight('open', [code], cell, cell, 'bleu4')).toBe(false);
    expect(isRight('open', [code], comment, comment, 'bleu4')).toBe(true);
    expect(isRight('open', [code], 'a & b', 'a & b', 'bleu4')).toBe(false);
    expect(isRight('open', ['New  York'], 'new york', ' new york ', 'exact-text')).toBe(true);
    expect(isRight('open', ['New York'], 'new york city', 'new york city', 'exact-text')).toBe(false);
    expect(readResponse('open', [], `  ${code}  `, 'bleu4')).toEqual({ label: code, path: 'exact' });
  });

  it('reads a code answer from its fence: prose around it is neither scored nor taken for a refusal', () => {
    const reply = `I'm sorry for the confusion earlier. Here is the table:\n\n\`\`\`latex\n${code}\n\`\`\`\n\nIt has two rows.`;
    expect(readResponse('open', [], reply, 'bleu4')).toEqual({ label: code, path: 'exact' });
    expect(isRight('open', [code], code, reply, 'bleu4')).toBe(true);
    expect(readResponse('open', [], 'I\'m sorry, I cannot read this image.', 'bleu4')).toEqual({ label: null, path: 'unanswerable' });
    expect(readResponse('open', [], 'No table here:\n```latex\n```', 'bleu4')).toEqual({ label: null, path: 'failed' });
  });

  it('takes a question\'s rule from its meta, or its type\'s default', () => {
    expect(ruleOf('multiple-choice', '{}')).toBe('choice');
    expect(ruleOf('open', { scoring: 'bleu4' })).toBe('bleu4');
    expect(ruleOf('open', { scoring: 'nonsense' })).toBe('mmmu-open');
  });
});
