import { z } from 'zod';

/**
 * TP-Eval's parameters (seed paper §4–5): N rounds of 3 candidates from an optimizer at temperature 1.0, the top K
 * prompts in its meta-prompt, score c = α·a + (1−α)·s while optimising and α* when re-ranking at the end. The edit
 * budget ("edit at most {counter} words") is not given numerically in the paper; ours starts at p0's length and
 * decays geometrically per round to a floor (docs/DECISIONS.md).
 */
export const optimizeParamsSchema = z.object({
  rounds: z.number().int().min(1).max(200).default(16),
  topK: z.number().int().min(1).max(50).default(8),
  perRound: z.number().int().min(1).max(10).default(3),
  alpha: z.number().min(0).max(1).default(0.8),
  alphaStar: z.number().min(0).max(1).default(0.6),
  temperature: z.number().min(0).max(2).default(1),
  budgetDecay: z.number().gt(0).max(1).default(0.85),
  minBudget: z.number().int().min(1).max(100).default(3),
  /** Examples with gold answers in the meta-prompt, and wrong answers shown to the analyzer: null shows all, as the paper does. */
  maxExamples: z.number().int().min(1).max(10000).nullable().default(null),
  maxWrong: z.number().int().min(1).max(10000).nullable().default(null),
});
export type OptimizeParams = z.infer<typeof optimizeParamsSchema>;

/**
 * The defaults above as a plain value, written out rather than parsed at import: nothing parses while modules load,
 * so the renderer's zod settings (no `new Function` probe under its content security policy, `zod-config.ts`) are
 * in force before the first parse however the build orders its chunks. A test holds it equal to `parse({})`.
 */
export const DEFAULT_PARAMS: OptimizeParams = {
  rounds: 16, topK: 8, perRound: 3, alpha: 0.8, alphaStar: 0.6, temperature: 1, budgetDecay: 0.85, minBudget: 3, maxExamples: null, maxWrong: null,
};
