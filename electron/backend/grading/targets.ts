import { MMVET_PROMPT } from '@shared/scoring/graded';
import { ruleOf } from '@shared/scoring/rules';
import { readAnswer, readMeta } from '../items/columns';
import type { TargetRow } from './store';

/** A graded question of a run with what its grader is shown. */
export interface GradeTarget {
  questionId: number;
  question: string;
  /** The accepted answers joined by `<OR>`: MM-Vet's ground truths are one string already. */
  groundTruth: string;
  /** The run's reply, null when the run has no answer to it (then it is not graded). */
  prediction: string | null;
  capabilities: string[];
  /** MM-Vet's instructions and examples, or the question's own rubric (`meta.rubric`, set on import). */
  instructions: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The run's questions whose rule is `graded` (METHODS §5.1), in the run's order. */
export function gradeTargets(rows: readonly TargetRow[]): GradeTarget[] {
  return rows.filter((r) => ruleOf(r.type, r.meta) === 'graded').map((r) => {
    const meta = readMeta(r.meta);
    return {
      questionId: r.question_id,
      question: r.text,
      groundTruth: readAnswer(r.answer).join('<OR>'),
      prediction: r.status === 'answered' && r.raw !== null ? r.raw : null,
      capabilities: strings(meta.capabilities),
      instructions: typeof meta.rubric === 'string' && meta.rubric.trim() !== '' ? meta.rubric : MMVET_PROMPT,
    };
  });
}
