import type { z } from 'zod';
import type { optimizeInputSchema } from '@shared/contract';
import { DEFAULT_PARAMS } from '@shared/optimize/params';

export type OptimizationForm = z.input<typeof optimizeInputSchema>;

/** A new optimisation before anything is chosen: the whole prompt, few-shot, the paper's parameters. */
export function initialOptimizationForm(): OptimizationForm {
  return {
    datasetId: -1, target: '', optimizer: '', embeddings: null, lexicalSimilarity: false, task: null, taskBy: 'auto', mode: 'whole', zeroShot: false,
    params: { ...DEFAULT_PARAMS },
  };
}

/** An optimisation can be planned once it has a dataset, a target model and an optimizer. */
export function optimizationReady(form: OptimizationForm): boolean {
  return form.datasetId !== -1 && form.target !== '' && form.optimizer !== '';
}

/** The models first offered: the first endpoint as the target, the second (else the first again) as the optimizer. */
export function defaultModels(endpoints: readonly { name: string }[]): { target: string; optimizer: string } | null {
  const first = endpoints[0]?.name;
  return first ? { target: first, optimizer: endpoints[1]?.name ?? first } : null;
}

/** The "Tasks by" choices: the paper's MMMU subjects where the ids are MMMU's, else a column of the items. */
export const TASK_BY_CHOICES: readonly (readonly [string, string])[] = [
  ['auto', 'automatic (MMMU subjects, else category)'], ['mmmu-subject', 'MMMU subject (from the id)'], ['category', 'category'],
  ['l2_category', 'L2 category'], ['subject', 'subject'], ['source', 'source'], ['split', 'split'],
];

/** The similarity select's value: an embeddings endpoint, the lexical opt-in, or '' (none chosen yet). */
export function similarityChoice(form: Pick<OptimizationForm, 'embeddings' | 'lexicalSimilarity'>): string {
  if (form.embeddings) return `embeddings:${form.embeddings}`;
  return form.lexicalSimilarity ? 'lexical' : '';
}

/** The form fields a similarity choice sets. */
export function similarityPatch(choice: string): Pick<OptimizationForm, 'embeddings' | 'lexicalSimilarity'> {
  if (choice.startsWith('embeddings:')) return { embeddings: choice.slice('embeddings:'.length), lexicalSimilarity: false };
  return { embeddings: null, lexicalSimilarity: choice === 'lexical' };
}
