import { z } from 'zod';

/** Prediction files other toolkits write, read by content when the format is `auto` (docs/FORMATS.md). */
export const predictionFormats = ['auto', 'mmevalpro', 'mmmu', 'table', 'vlmevalkit', 'lmms-eval'] as const;
export const predictionFormatSchema = z.enum(predictionFormats);

/** A row of a prediction file that matched no question: listed, never guessed. */
export const unmatchedRowSchema = z.object({ where: z.string(), reason: z.string() });

/** Our reading of an imported run beside the toolkit's own verdicts, question by question. */
export const toolkitComparisonSchema = z.object({
  source: z.enum(['vlmevalkit', 'lmms-eval']),
  /** Questions the toolkit gave a verdict on. */
  questions: z.number().int(),
  agree: z.number().int(),
  /** Where the two readings differ (all of them, in question order). */
  disagreements: z.array(z.object({
    questionId: z.number().int(), ours: z.boolean(), theirs: z.boolean(),
    ourLabels: z.array(z.string().nullable()), theirLabels: z.array(z.string().nullable()), log: z.string().nullable(),
  })),
});
export type ToolkitComparison = z.infer<typeof toolkitComparisonSchema>;
export type PredictionFormat = z.infer<typeof predictionFormatSchema>;

/** Region exchange formats for VRP scenes. */
export const regionFormats = ['coco', 'label-studio'] as const;
export const regionFormatSchema = z.enum(regionFormats);
