import { z } from 'zod';
import { LEAD, method } from '../define';
import {
  candidateSchema, optimizationCallSchema, optimizationSchema, optimizeInputSchema, optimizePlanSchema, tableTwoRowSchema, taskBySchema,
} from '../optimize-entities';

const byId = z.object({ id: z.number().int() });
/** Resuming compares the endpoints with what the optimisation recorded; a change is refused unless this is true (issue 29). */
const resume = byId.extend({ acceptEndpointChange: z.boolean().default(false) });

/** TP-Eval: per-model prompt customisation (METHODS §7), through the evaluation engine. */
export const optimizeMethods = {
  /** The dry run: D_few and test sizes, and how many calls of each kind the optimisation will make at most. */
  'optimizations.plan': method({ access: 'user', reads: ['runs'], doc: 'Count an optimisation\'s calls before starting it.', input: optimizeInputSchema, output: optimizePlanSchema }),
  /** The tasks a dataset divides into by a column (`auto`: MMMU's subjects for MMMU ids, else the category), with item counts. */
  'optimizations.tasks': method({
    access: 'user', reads: ['datasets', 'items'], doc: 'A dataset\'s tasks by a column, with item counts.', input: z.object({ datasetId: z.number().int(), taskBy: taskBySchema.default('auto') }),
    output: z.object({ taskBy: taskBySchema, tasks: z.array(z.object({ value: z.string(), count: z.number().int() })) }),
  }),
  /** Creates an optimisation and starts it as a job. */
  'optimizations.start': method({
    access: LEAD, doc: 'Start a TP-Eval optimisation job.', input: optimizeInputSchema,
    output: z.object({ optimizationId: z.number().int(), jobId: z.string() }), mutates: ['runs', 'jobs'],
  }),
  /** Creates an optimisation and waits for its end (the CLI and tests). */
  'optimizations.run': method({ access: LEAD, doc: 'Run a TP-Eval optimisation to its end.', input: optimizeInputSchema, output: optimizationSchema, mutates: ['runs', 'jobs'] }),
  /** Continues an unfinished optimisation; calls already answered come from the cache. */
  'optimizations.resume': method({ access: LEAD, doc: 'Resume an optimisation.', input: resume, output: z.object({ jobId: z.string() }), mutates: ['runs', 'jobs'] }),
  'optimizations.list': method({ access: 'user', reads: ['runs'], doc: 'Optimisations, newest first.', input: z.object({ datasetId: z.number().int().optional() }), output: z.array(optimizationSchema) }),
  'optimizations.get': method({
    access: 'user', reads: ['runs'], doc: 'An optimisation with every candidate.', input: byId,
    output: z.object({ optimization: optimizationSchema, candidates: z.array(candidateSchema) }),
  }),
  /** Every model call of an optimisation with its cost: helper calls, and the target's and judge's through its runs. */
  'optimizations.calls': method({ access: 'user', reads: ['runs'], doc: 'Every call an optimisation made.', input: byId, output: z.array(optimizationCallSchema) }),
  /** Asks the held-out test set with p0 and with the chosen (or a given) prompt, as two normal runs. */
  'optimizations.evaluate': method({
    access: LEAD, doc: 'Evaluate the test set with the original and the customised prompt.',
    input: z.object({ id: z.number().int(), candidateId: z.number().int().optional() }),
    output: z.object({ originalRunId: z.number().int(), customRunId: z.number().int() }), mutates: ['runs', 'jobs'],
  }),
  /** The paper's Table 2 from evaluated optimisations: per task and per model. */
  'optimizations.report': method({
    access: 'user', reads: ['runs'], doc: 'Original vs customised accuracy per task and model.', input: z.object({}).optional().default({}),
    output: z.object({
      tasks: z.array(z.object({ optimizationId: z.number().int(), model: z.string(), task: z.string(), original: z.number(), customised: z.number() })),
      models: z.array(tableTwoRowSchema),
    }),
  }),
};
