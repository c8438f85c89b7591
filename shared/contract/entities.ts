import { z } from 'zod';
import {
  countSchema, datasetRefFields, itemKeyFields, itemOriginFields, namedRecordFields, pixelSizeFields, recordIdSchema, timestampSchema,
} from '../domain/entity';

/**
 * How a question's answer is judged (METHODS §5): `choice` — the extracted label is a gold label; `mmmu-open` — MMMU's
 * open-answer matching; `bleu4` — VRPTest's code answers (LatexTab), right when sentence BLEU-4 of the code the reply
 * contains against a gold answer exceeds 0.8; `exact-text` — the reply equals a gold answer, ignoring case, surrounding
 * space and repeated spaces; `graded` — a grader model scores the reply 0.0–1.0 (MM-Vet, METHODS §5.1) in a grading
 * after the run; the run's own right/wrong reads it as an MMMU open answer, so an open-question TSV taken for MM-Vet's
 * by its categories keeps the accuracy it had.
 */
export const scoringRules = ['choice', 'mmmu-open', 'bleu4', 'exact-text', 'graded'] as const;
export type ScoringRule = (typeof scoringRules)[number];

export const roleSchema = z.enum(['origin', 'perception', 'knowledge']);
export type Role = z.infer<typeof roleSchema>;

export const questionTypeSchema = z.enum(['multiple-choice', 'open']);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** The triplet workflow's states (issue 3 adds the transitions); stored per item. */
export const itemStatusSchema = z.enum([
  'unassigned',
  'annotating',
  'submitted',
  'in_review',
  'accepted',
  'returned',
  'resubmitted',
]);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

export const formatSchema = z.enum(['vlmevalkit', 'mmevalpro', 'mmmu', 'jsonl', 'mmvet']);
export type DataFormat = z.infer<typeof formatSchema>;

export const projectInfoSchema = z.object({
  path: z.string(),
  name: z.string(),
  isDemo: z.boolean(),
  sizeBytes: z.number(),
});
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

const countMap = z.record(z.string(), countSchema);

export const datasetSummarySchema = z.object({
  ...namedRecordFields,
  format: z.string(),
  createdAt: timestampSchema,
  itemCount: countSchema,
  questionCount: countSchema,
  byRole: countMap,
  bySource: countMap,
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

export const optionSchema = z.object({ label: z.string(), text: z.string() });
export type Option = z.infer<typeof optionSchema>;

/** A question as the dataset browser lists it: light, no image bytes. */
export const questionRowSchema = z.object({
  id: recordIdSchema,
  ...itemKeyFields,
  role: roleSchema,
  type: questionTypeSchema,
  text: z.string(),
  answer: z.string().nullable(),
  ...itemOriginFields,
  status: itemStatusSchema,
  imageCount: countSchema,
  firstImage: z.string().nullable(),
});
export type QuestionRow = z.infer<typeof questionRowSchema>;

export const questionSchema = z.object({
  id: recordIdSchema,
  role: roleSchema,
  type: questionTypeSchema,
  extIndex: z.string().nullable(),
  text: z.string(),
  hint: z.string().nullable(),
  options: z.array(optionSchema),
  /** A label for multiple-choice; accepted strings for open questions. */
  answer: z.array(z.string()),
  /** How its answer is judged (METHODS §5): set on import (`scoring` column) or its type's default. */
  scoring: z.enum(scoringRules).optional(),
  version: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

export const imageRefSchema = z.object({
  hash: z.string(),
  mime: z.string(),
  ...pixelSizeFields,
  size: countSchema,
});
export type ImageRef = z.infer<typeof imageRefSchema>;

export const itemDetailSchema = z.object({
  id: recordIdSchema,
  ...datasetRefFields,
  extId: z.string(),
  ...itemOriginFields,
  l2Category: z.string().nullable(),
  subject: z.string().nullable(),
  split: z.string().nullable(),
  status: itemStatusSchema,
  images: z.array(imageRefSchema),
  questions: z.array(questionSchema),
  meta: z.record(z.string(), z.unknown()),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

export const jobStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  status: jobStatusSchema,
  done: z.number(),
  total: z.number().nullable(),
  unit: z.string(),
  message: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  result: z.unknown().nullable(),
  startedAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
export type Job = z.infer<typeof jobSchema>;
