import { z } from 'zod';
import { sceneSchema } from '../vrp/scene';
import { colourValues, fontValues, levels, positionValues, shapeValues } from '../vrp/relations';

/** A stored scene with the version a save must name (0: none drawn yet). */
export const sceneRecordSchema = z.object({
  itemId: z.number().int(),
  scene: sceneSchema.nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SceneRecord = z.infer<typeof sceneRecordSchema>;

/** An item as the Canvas screen lists it: its first image, the question a scene is written for, what is drawn. */
export const canvasItemSchema = z.object({
  id: z.number().int(),
  extId: z.string(),
  category: z.string().nullable(),
  image: z.object({ hash: z.string(), width: z.number().int(), height: z.number().int() }),
  questionId: z.number().int(),
  question: z.string(),
  shapes: z.number().int(),
  hasText: z.boolean(),
  sceneVersion: z.number().int(),
});
export type CanvasItem = z.infer<typeof canvasItemSchema>;

export const variantValuesSchema = z.object({
  level: z.enum(levels), colour: z.enum(colourValues), shape: z.enum(shapeValues), font: z.enum(fontValues), position: z.enum(positionValues),
});

export const variantPlanSchema = z.object({
  dataset: z.string(),
  /** Where the variants go: a dataset of their own, so runs and reports treat them like any questions. */
  target: z.string(),
  originals: z.number().int(),
  perOriginal: z.number().int(),
  variants: z.number().int(),
  specs: z.array(variantValuesSchema),
  skipped: z.array(z.object({ itemId: z.number().int(), extId: z.string(), reason: z.string() })),
});
export type VariantPlan = z.infer<typeof variantPlanSchema>;

export const variantRowSchema = variantValuesSchema.extend({
  itemId: z.number().int(),
  sourceItemId: z.number().int(),
  sourceQuestionId: z.number().int(),
  sourceExtId: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  hash: z.string(),
  createdAt: z.string(),
});
export type VariantRow = z.infer<typeof variantRowSchema>;

export const variantResultSchema = z.object({
  datasetId: z.number().int(),
  dataset: z.string(),
  originals: z.number().int(),
  variants: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  out: z.string().nullable(),
});
export type VariantResult = z.infer<typeof variantResultSchema>;
