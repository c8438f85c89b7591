import { z } from 'zod';
import { accuracyCellSchema } from './report-entities';
import { sceneSchema } from '../vrp/scene';
import { colourValues, fontValues, levels, positionValues, shapeValues } from '../vrp/relations';
import { countSchema, imageHandleFields, lastChangeFields, pixelSizeFields, recordIdSchema, timestampSchema } from '../domain/entity';

/** A stored scene with the version a save must name (0: none drawn yet). */
export const sceneRecordSchema = z.object({
  itemId: recordIdSchema,
  scene: sceneSchema.nullable(),
  version: countSchema,
  ...lastChangeFields,
});
export type SceneRecord = z.infer<typeof sceneRecordSchema>;

/** An item as the Canvas screen lists it: its first image, the question a scene is written for, what is drawn. */
export const canvasItemSchema = z.object({
  id: recordIdSchema,
  extId: z.string(),
  category: z.string().nullable(),
  image: z.object(imageHandleFields),
  questionId: recordIdSchema,
  question: z.string(),
  shapes: countSchema,
  hasText: z.boolean(),
  sceneVersion: countSchema,
});
export type CanvasItem = z.infer<typeof canvasItemSchema>;

export const variantValuesSchema = z.object({
  level: z.enum(levels), colour: z.enum(colourValues), shape: z.enum(shapeValues), font: z.enum(fontValues), position: z.enum(positionValues),
});

export const variantPlanSchema = z.object({
  dataset: z.string(),
  /** Where the variants go: a dataset of their own, so runs and reports treat them like any questions. */
  target: z.string(),
  originals: countSchema,
  perOriginal: countSchema,
  variants: countSchema,
  specs: z.array(variantValuesSchema),
  skipped: z.array(z.object({ itemId: recordIdSchema, extId: z.string(), reason: z.string() })),
});
export type VariantPlan = z.infer<typeof variantPlanSchema>;

export const variantRowSchema = variantValuesSchema.extend({
  itemId: recordIdSchema,
  sourceItemId: recordIdSchema,
  sourceQuestionId: recordIdSchema,
  sourceExtId: z.string(),
  name: z.string(),
  ...pixelSizeFields,
  hash: z.string(),
  createdAt: timestampSchema,
});
export type VariantRow = z.infer<typeof variantRowSchema>;

/** How many rows a write created, changed and left as they were (re-running a generation is idempotent). */
const writeTallyFields = { created: countSchema, updated: countSchema, unchanged: countSchema };

export const variantResultSchema = z.object({
  datasetId: recordIdSchema,
  dataset: z.string(),
  originals: countSchema,
  variants: countSchema,
  ...writeTallyFields,
  out: z.string().nullable(),
});
export type VariantResult = z.infer<typeof variantResultSchema>;

/** A template sweep names at most this many templates per model: VRPTest tries "up to four" (METHODS §6.6). */
export const MAX_SWEEP_TEMPLATES = 4;

/** One template's run in a sweep: its accuracy (the majority vote's for runs with repeated trials) and coverage. */
export const sweepEntrySchema = z.object({
  runId: recordIdSchema,
  name: z.string(),
  templateName: z.string(),
  templateHash: z.string(),
  status: z.string(),
  trials: z.number().int(),
  questions: countSchema,
  scored: countSchema,
  accuracy: accuracyCellSchema,
});

/**
 * VRPTest's best of up to four prompt templates, per model: every template's run on the same questions and the best
 * one, named. Only runs with every question scored can be best; a tie goes to the template listed first.
 */
export const templateSweepSchema = z.object({
  models: z.array(z.object({
    model: z.string(),
    endpoint: z.string(),
    best: sweepEntrySchema.nullable(),
    templates: z.array(sweepEntrySchema),
  })),
  /** Why a model has no best (a run not finished), and anything else a reader should know. */
  notes: z.array(z.string()),
});
export type TemplateSweep = z.infer<typeof templateSweepSchema>;
export type SweepEntry = z.infer<typeof sweepEntrySchema>;
