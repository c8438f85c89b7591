import type { z } from 'zod';
import type { optimizeInputSchema } from '@shared/contract';
import { DEFAULT_PARAMS } from '@shared/optimize/params';

export type OptimizationForm = z.input<typeof optimizeInputSchema>;

/** A new optimisation before anything is chosen: the whole prompt, few-shot, the paper's parameters. */
export function initialOptimizationForm(): OptimizationForm {
  return { datasetId: -1, target: '', optimizer: '', embeddings: null, task: null, mode: 'whole', zeroShot: false, params: { ...DEFAULT_PARAMS } };
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
