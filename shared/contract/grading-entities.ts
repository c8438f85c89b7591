import { z } from 'zod';
import { countSchema, recordIdSchema, timestampSchema } from '../domain/entity';

/** A grading run's input (METHODS §5.1): which run's answers, graded by which endpoint, how many times. */
export const gradeInputSchema = z.object({
  runId: recordIdSchema,
  /** The grader: an endpoint name, like a run's judge. */
  grader: z.string().min(1),
  /** Repeated grading runs (MM-Vet's `--num_run`; its paper used 5): the report gives their mean ± std. */
  repeats: z.number().int().min(1).max(20).default(1),
});
export type GradeInput = z.input<typeof gradeInputSchema>;

export const gradingStatusSchema = z.enum(['running', 'done', 'failed', 'cancelled']);

const groupScoreSchema = z.object({
  name: z.string(),
  capabilities: z.array(z.string()),
  questions: countSchema,
  mean: z.number().nullable(),
  std: z.number().nullable(),
  runs: z.array(z.number().nullable()),
});

export const gradingSchema = z.object({
  id: recordIdSchema,
  runId: recordIdSchema,
  grader: z.string(),
  model: z.string(),
  repeats: z.number().int(),
  status: gradingStatusSchema,
  error: z.string().nullable(),
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
  /** Graded questions of the run; those it never answered are not graded and are counted here. */
  unanswered: countSchema,
  /** Grader calls made and those read back from the response cache. */
  calls: countSchema,
  cachedCalls: countSchema,
  cost: z.number().nullable(),
});
export type Grading = z.infer<typeof gradingSchema>;

/** MM-Vet's report: total, per capability and per capability integration, each a mean ± std over the grading runs. */
export const gradingReportSchema = z.object({
  grading: gradingSchema,
  repeats: z.number().int(),
  questions: countSchema,
  ungraded: countSchema,
  ungradedQuestions: countSchema,
  overridden: countSchema,
  total: groupScoreSchema,
  byCapability: z.array(groupScoreSchema),
  byIntegration: z.array(groupScoreSchema),
});
export type GradingReport = z.infer<typeof gradingReportSchema>;

const gradeTrySchema = z.object({ prompt: z.string(), reply: z.string().nullable(), error: z.string().nullable(), cached: z.boolean() });

/** One question's grades: every try's prompt and reply, per grading run, and a person's override. */
export const gradeRowSchema = z.object({
  questionId: recordIdSchema,
  question: z.string(),
  groundTruth: z.string(),
  prediction: z.string(),
  capabilities: z.array(z.string()),
  grades: z.array(z.object({ repeat: z.number().int(), score: z.number().nullable(), tries: z.array(gradeTrySchema) })),
  override: z.object({ score: z.number(), note: z.string().nullable(), by: z.string().nullable(), at: timestampSchema }).nullable(),
});
export type GradeRow = z.infer<typeof gradeRowSchema>;

export const gradeOverrideInputSchema = z.object({
  gradingId: recordIdSchema,
  questionId: recordIdSchema,
  /** The person's grade in [0, 1]; null removes the override. */
  score: z.number().min(0).max(1).nullable(),
  note: z.string().max(2000).nullable().default(null),
});
