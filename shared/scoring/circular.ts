import type { Option } from '../contract/entities';
import { optionLabel } from '../domain/options';

export interface CircularPass {
  pass: number;
  options: Option[];
  answer: string[];
}

export interface CircularPlan {
  passes: CircularPass[];
  /** Why the question gets a single pass (see circularPasses); null when it is rotated. */
  flag: string | null;
}

const LETTER = /^[A-Za-z]$/;

/** Another option's label standing alone in an option text ("Both A and B"), not the article in "A dog". */
function namesALabel(text: string, labels: ReadonlySet<string>): boolean {
  for (const m of text.matchAll(/(?<![A-Za-z0-9])([A-Z])(?![A-Za-z0-9])/g)) {
    const article = m[1] === 'A' && /^ [a-z]/.test(text.slice(m.index + 1, m.index + 3));
    if (labels.has(m[1]!) && !article) return true;
  }
  return false;
}

/**
 * MMBench's CircularEval as VLMEvalKit runs it: a k-option question is asked k times, pass i shifting every option text
 * up i places (pass 1 of 4: new A = old B, …, new D = old A) with the answer moving with its text. A question gets one
 * pass, flagged, when rotating it would change its meaning or its answer: several right answers, options that name other
 * options ("Both A and B"), option texts that are letters, or an answer that is no option label (METHODS §5).
 */
export function circularPasses(options: readonly Option[], answers: readonly string[]): CircularPlan {
  const k = options.length;
  const labels = new Set(options.map((o) => o.label));
  const single = (flag: string): CircularPlan => ({ passes: [{ pass: 0, options: [...options], answer: [...answers] }], flag });
  if (answers.length > 1) return single(`several right answers (${answers.join(', ')}): asked once, as VLMEvalKit does`);
  const index = options.findIndex((o) => o.label === answers[0]);
  if (index < 0) return single(`the answer "${answers[0] ?? ''}" is not an option label`);
  if (options.some((o) => LETTER.test(o.text.trim()))) return single('option texts are letters themselves, so rotating them would be ambiguous');
  if (options.some((o) => namesALabel(o.text, labels))) return single('an option names other options (e.g. "Both A and B"), so rotating would change its meaning: asked once, as VLMEvalKit does');
  const passes: CircularPass[] = [];
  for (let i = 0; i < k; i++) {
    const rotated = options.map((_, j) => ({ label: optionLabel(j), text: options[(j + i) % k]!.text }));
    passes.push({ pass: i, options: rotated, answer: [optionLabel((index - i + k) % k)] });
  }
  return { passes, flag: null };
}

/** A circular question is right only when every pass is; an unanswerable or failed pass counts as wrong. */
export function circularCorrect(passes: readonly { correct: boolean }[]): boolean {
  return passes.length > 0 && passes.every((p) => p.correct);
}
