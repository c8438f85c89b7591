import type { Option } from '../contract/entities';
import { optionLabel } from '../domain/options';

export interface CircularPass {
  pass: number;
  options: Option[];
  answer: string;
}

export interface CircularPlan {
  passes: CircularPass[];
  /** Why the question gets a single pass (option texts that are letters, or an answer that is not a label). */
  flag: string | null;
}

const LETTER = /^[A-Za-z]$/;

/**
 * MMBench's CircularEval: a k-option question is asked k times, pass i shifting every option text up i places
 * (pass 1 of 4: new A = old B, …, new D = old A) with the answer moving with its text.
 */
export function circularPasses(options: readonly Option[], answer: string): CircularPlan {
  const k = options.length;
  const index = options.findIndex((o) => o.label === answer);
  const single = (flag: string): CircularPlan => ({ passes: [{ pass: 0, options: [...options], answer }], flag });
  if (index < 0) return single(`the answer "${answer}" is not an option label`);
  if (options.some((o) => LETTER.test(o.text.trim()))) return single('option texts are letters themselves, so rotating them would be ambiguous');
  const passes: CircularPass[] = [];
  for (let i = 0; i < k; i++) {
    const rotated = options.map((_, j) => ({ label: optionLabel(j), text: options[(j + i) % k]!.text }));
    passes.push({ pass: i, options: rotated, answer: optionLabel((index - i + k) % k) });
  }
  return { passes, flag: null };
}

/** A circular question is right only when every pass is; an unanswerable or failed pass counts as wrong. */
export function circularCorrect(passes: readonly { correct: boolean }[]): boolean {
  return passes.length > 0 && passes.every((p) => p.correct);
}
