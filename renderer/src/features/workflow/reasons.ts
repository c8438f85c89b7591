import type { ProblemReason } from '@shared/contract';

export const reasonLabels: Record<ProblemReason, string> = {
  ambiguous: 'Ambiguous',
  image_mismatch: 'Does not match the image',
  grammar: 'Grammar',
  duplicate_options: 'Duplicate options',
  wrong_answer: 'Wrong answer',
  other: 'Other',
};
