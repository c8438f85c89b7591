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

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * VLMEvalKit's `abnormal_entry` (vlmeval/tools.py, `CIRCULAR`), rule for rule, so the studio rotates exactly the
 * questions VLMEvalKit rotates: every character but an ASCII letter or a space becomes a space, the words that *are*
 * an option's label are collected, and the question stays single when one option holds two or more different labels
 * ("Both A and B", "A1B" → "A B"). One label alone ("Vitamin C", "Point A", "Plan B is better") is no reason. An option
 * text that Python's `in` finds inside "ABC…Z" (a bare letter, "AB", "XYZ", the empty text) also keeps it single.
 */
function abnormalOption(options: readonly Option[]): string | null {
  const labels = new Set(options.map((o) => o.label));
  let bareLetters = false;
  for (const o of options) {
    const hits = new Set(o.text.replace(/[^A-Za-z ]/g, ' ').split(' ').filter((w) => labels.has(w)));
    if (hits.size > 1) return `option ${o.label} ("${o.text}") names other options (${hits.size} labels), so rotating would change its meaning: asked once, as VLMEvalKit does`;
    if (ALPHABET.includes(o.text)) bareLetters = true;
  }
  return bareLetters ? 'an option text is a run of capital letters ("A", "AB"), so rotating would be ambiguous: asked once, as VLMEvalKit does' : null;
}

/**
 * MMBench's CircularEval as VLMEvalKit runs it: a k-option question is asked k times, pass i shifting every option text
 * up i places (pass 1 of 4: new A = old B, …, new D = old A) with the answer moving with its text. A question gets one
 * pass, flagged, exactly where VLMEvalKit's `CIRCULAR()` keeps one: several right answers, an answer that is no option
 * label, or an abnormal option set (abnormalOption; METHODS §5).
 */
export function circularPasses(options: readonly Option[], answers: readonly string[]): CircularPlan {
  const k = options.length;
  const single = (flag: string): CircularPlan => ({ passes: [{ pass: 0, options: [...options], answer: [...answers] }], flag });
  if (answers.length > 1) return single(`several right answers (${answers.join(', ')}): asked once, as VLMEvalKit does`);
  const index = options.findIndex((o) => o.label === answers[0]);
  if (index < 0) return single(`the answer "${answers[0] ?? ''}" is not an option label`);
  const abnormal = abnormalOption(options);
  if (abnormal !== null) return single(abnormal);
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
