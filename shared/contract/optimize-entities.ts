import { z } from 'zod';
import { DEFAULT_PARAMS, optimizeParamsSchema } from '../optimize/params';
import { roleSchema } from './entities';
import { callUsageFields, countSchema, namedRecordFields, outcomeFields, recordIdSchema, timestampSchema } from '../domain/entity';

export const taskColumns = ['category', 'l2_category', 'subject', 'source', 'split'] as const;
export const taskBySchema = z.union([z.enum(['auto', 'mmmu-subject', ...taskColumns]), z.string().regex(/^meta\.[^\s"]{1,100}$/, 'an item column or meta.<key>')]);
export type TaskBy = z.infer<typeof taskBySchema>;

export const optimizeInputSchema = z.object({
  datasetId: recordIdSchema,
  /** Endpoint names: the model whose prompts are customised, the optimizer, the analyzer (default: the optimizer). */
  target: z.string().min(1),
  optimizer: z.string().min(1),
  analyzer: z.string().min(1).nullable().default(null),
  /** An OpenAI-compatible /v1/embeddings endpoint for similarity (the paper's sentence encoder); null: see lexicalSimilarity. */
  embeddings: z.string().min(1).nullable().default(null),
  /**
   * With no embeddings endpoint, the optimisation is refused unless the lexical measure (shared words) is chosen here,
   * explicitly: it scores a faithful paraphrase low, so it is an opt-in recorded with the run, never a silent default.
   */
  lexicalSimilarity: z.boolean().default(false),
  /** The task: a value of the `taskBy` column; null: the whole dataset. */
  task: z.string().min(1).nullable().default(null),
  /**
   * What divides the dataset into tasks: an item column, a key of the items' imported extra columns (`meta.<key>`),
   * `mmmu-subject` (the 30 MMMU subjects, read from ids like `validation_Art_Theory_12`), or `auto` (MMMU subjects
   * when every id is an MMMU id, else the category).
   */
  taskBy: taskBySchema.default('auto'),
  roles: z.array(roleSchema).min(1).default(['origin']),
  /** D_few; default: the task's validation items (split val / validation / dev), else every other item. */
  fewItemIds: z.array(recordIdSchema).min(1).max(500).nullable().default(null),
  mode: z.enum(['whole', 'prefix']).default('whole'),
  /**
   * In whole mode, 'auto' optimises the task's question template with its slots when the questions share one (or one is
   * declared), else the wrapper; 'wrapper' keeps {question} verbatim (METHODS §7.7).
   */
  scope: z.enum(['auto', 'wrapper']).default('auto'),
  /** A declared question template with {name} slots, e.g. "How many {object} are there in the image?". */
  questionTemplate: z.string().min(1).max(2000).nullable().default(null),
  zeroShot: z.boolean().default(false),
  templateId: z.string().default('vlmevalkit-mcq'),
  params: optimizeParamsSchema.default(() => ({ ...DEFAULT_PARAMS })),
});
export type OptimizeInput = z.output<typeof optimizeInputSchema>;

export const optimizeScopeSchema = z.enum(['question-template', 'wrapper', 'prefix']);
export const similaritySchema = z.enum(['embeddings', 'lexical']);
/** One round's proposals: how many were asked, how many were valid, and why the others were refused. */
export const roundReportSchema = z.object({
  round: countSchema, asked: countSchema, valid: countSchema, rejected: countSchema,
  /** Each refusal reason with how often it occurred, the most frequent first. */
  reasons: z.array(z.object({ problem: z.string(), count: countSchema })),
});
export type RoundReport = z.infer<typeof roundReportSchema>;

export const candidateSchema = z.object({
  id: recordIdSchema,
  round: countSchema,
  slot: countSchema,
  prompt: z.string(),
  status: z.enum(['pending', 'scored', 'rejected']),
  problem: z.string().nullable(),
  runId: recordIdSchema.nullable(),
  accuracy: z.number().nullable(),
  similarity: z.number().nullable(),
  score: z.number().nullable(),
  finalScore: z.number().nullable(),
  introspection: z.string().nullable(),
  edits: countSchema.nullable(),
  budget: countSchema.nullable(),
  /** Earlier proposals for this slot that were refused and asked for again (METHODS §7.7), with why. */
  refused: z.array(z.object({ prompt: z.string(), problem: z.string() })),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const optimizationSchema = z.object({
  ...namedRecordFields,
  datasetId: recordIdSchema,
  task: z.string(),
  target: z.string(),
  optimizer: z.string(),
  mode: z.enum(['whole', 'prefix']),
  scope: optimizeScopeSchema,
  questionTemplate: z.object({ text: z.string(), source: z.enum(['detected', 'declared']) }).nullable(),
  zeroShot: z.boolean(),
  similarity: similaritySchema,
  /** The column that divides the dataset into tasks (resolved: never `auto`). */
  taskBy: taskBySchema,
  /** Per round: proposals asked, valid and refused with why (every round should end with `perRound` valid ones). */
  roundReports: z.array(roundReportSchema),
  /** Candidates a round should end with (the paper's 3). */
  perRound: countSchema,
  /** What departs from the paper and changes results, e.g. the lexical similarity fallback. */
  warnings: z.array(z.string()),
  ...outcomeFields(z.enum(['running', 'paused', 'done', 'failed', 'cancelled'])),
  round: countSchema,
  rounds: countSchema,
  p0: z.string(),
  best: candidateSchema.nullable(),
  chosen: candidateSchema.nullable(),
  fewSize: countSchema,
  calls: countSchema,
  cost: z.number().nullable(),
  testOriginalRun: recordIdSchema.nullable(),
  testCustomRun: recordIdSchema.nullable(),
  createdAt: timestampSchema,
});
export type Optimization = z.infer<typeof optimizationSchema>;

export const optimizePlanSchema = z.object({
  task: z.string(),
  fewSize: countSchema,
  testSize: countSchema,
  candidates: countSchema,
  calls: z.object({
    target: z.number().int(), optimizer: z.number().int(), analyzer: z.number().int(), embeddings: z.number().int(),
    /** Upper bound: a refused proposal is asked for again, told why, a few times (METHODS §7.7). */
    optimizerRetriesAtMost: z.number().int(),
    /** Upper bound: the analyzer also reads answers the rules cannot (at most three tries each). */
    judgeAtMost: z.number().int(),
  }),
  total: countSchema,
  /** null: no embeddings endpoint and no opt-in to the lexical measure, so the optimisation would be refused. */
  similarity: similaritySchema.nullable(),
  taskBy: taskBySchema,
  scope: optimizeScopeSchema,
  questionTemplate: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type OptimizePlan = z.infer<typeof optimizePlanSchema>;

export const optimizationCallSchema = z.object({
  kind: z.enum(['target', 'judge', 'optimizer', 'analyzer', 'embeddings']),
  model: z.string(),
  candidateId: recordIdSchema.nullable(),
  cached: z.boolean(),
  ...callUsageFields,
  prompt: z.string(),
  at: timestampSchema,
});

export const tableTwoRowSchema = z.object({
  model: z.string(), tasks: z.number().int(), original: z.number(), customised: z.number(), improved: z.number().int(), meanImprovement: z.number().nullable(),
});
