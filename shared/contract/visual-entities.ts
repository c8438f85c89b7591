import { z } from 'zod';
import { roleSchema } from './entities';
import { countSchema, recordIdSchema } from '../domain/entity';

/**
 * MMStar's coarse filter drops a sample when more than 2 of its 8 text-only LLMs answer it right without the image
 * (MMStar, §3.1); the studio keeps that as a share, more than 2/8 of the text-only models asked (DECISIONS 236), so a
 * panel of 4 flags at 2 right and a panel of 8 at 3, as MMStar's does.
 */
export const DEFAULT_BLIND_SHARE = 0.25;

const endpointNames = z.array(z.string().min(1).max(80)).max(32);

export const visualCheckInputSchema = z.object({
  datasetId: recordIdSchema,
  /**
   * Text-only endpoints, asked each question without its image (MMStar's text-only 2-shot protocol). May be empty when
   * `runs` holds a run made without the image: the check needs one text-only model from either.
   */
  textOnly: endpointNames.default([]),
  /** Vision endpoints, asked each question with its image (for comparison; they never flag a question). */
  vision: endpointNames.default([]),
  /** A question is flagged when more than this share of the text-only models answer it right. */
  threshold: z.number().min(0).max(1).default(DEFAULT_BLIND_SHARE),
  /** A judge endpoint for replies the rules cannot read (as in runs); none: such replies count as unread. */
  judge: z.string().nullable().default(null),
  /**
   * Runs of the dataset that already exist, counted as readings instead of asking again (METHODS §11, DECISIONS 261):
   * each is its endpoint's readings, without the image when it was made with images off, with it otherwise.
   */
  runs: z.array(recordIdSchema).max(64).default([]),
});
/** What one run ticked for the check gave: its readings of the questions' current text, and those it could not give. */
export const visualRunReadingsSchema = z.object({
  runId: recordIdSchema,
  name: z.string(),
  model: z.string(),
  images: z.boolean(),
  template: z.string(),
  /** Answers kept as readings of the question's current text. */
  taken: countSchema,
  /** Answers to a question revised since the run was made (not counted). */
  stale: countSchema,
  /** Current answers left to a newer ticked run of the same endpoint and side. */
  superseded: countSchema,
});
export type VisualRunReadings = z.infer<typeof visualRunReadingsSchema>;
export const visualCheckStartedSchema = z.object({ jobId: z.string(), fromRuns: z.array(visualRunReadingsSchema) });
/** The check's job title, by which the quality page finds the check of its dataset among the running jobs. */
export const visualCheckTitle = (dataset: string) => `Visual-dependency check of ${dataset}`;

export type VisualCheckInput = z.input<typeof visualCheckInputSchema>;
export type VisualCheckParsed = z.output<typeof visualCheckInputSchema>;

export const visualOutcomeSchema = z.enum(['right', 'wrong', 'unread']);
export type VisualOutcome = z.infer<typeof visualOutcomeSchema>;

/** One model's reading of a question, as stored for its current text. */
export const visualReadingSchema = z.object({ model: z.string(), images: z.boolean(), outcome: visualOutcomeSchema });

export const visualQuestionSchema = z.object({
  questionId: recordIdSchema,
  itemId: recordIdSchema,
  extId: z.string(),
  role: roleSchema,
  /** Text-only models that answered it right without the image, of those whose reading of its current text is kept. */
  blindRight: countSchema,
  blindAsked: countSchema,
  /** Vision models that answered it right with the image, of those asked. */
  visionRight: countSchema,
  visionAsked: countSchema,
  /** "Answerable without the image": blindRight > threshold × blindAsked. */
  blind: z.boolean(),
  readings: z.array(visualReadingSchema),
});
export type VisualQuestion = z.infer<typeof visualQuestionSchema>;

/** Per triplet, which roles are answerable blind (null: that role has no question, or none was checked yet). */
export const visualPatternSchema = z.object({
  itemId: recordIdSchema,
  extId: z.string(),
  origin: z.boolean().nullable(),
  perception: z.boolean().nullable(),
  knowledge: z.boolean().nullable(),
});
export type VisualPattern = z.infer<typeof visualPatternSchema>;

export const visualResultsSchema = z.object({
  datasetId: recordIdSchema,
  /** The panel of the last check started (empty lists and the default threshold when none was). */
  textOnly: z.array(z.string()),
  vision: z.array(z.string()),
  threshold: z.number(),
  /** Questions with at least one stored reading, in browse order. */
  questions: z.array(visualQuestionSchema),
  triplets: z.array(visualPatternSchema),
  /**
   * Per model of the panel and side (without or with the image), the prompt templates of the runs its current readings
   * came from: MMStar's 2-shot one when the check asked, whatever a ticked run used otherwise (a deleted run's is unknown).
   */
  models: z.array(z.object({ model: z.string(), images: z.boolean(), templates: z.array(z.string()) })),
});
export type VisualResults = z.infer<typeof visualResultsSchema>;

/** The share of checked questions answerable blind, per role and per source (the quality report's `blind` section). */
export const blindShareSchema = z.object({ key: z.string(), checked: countSchema, blind: countSchema, share: z.number() });
export const blindSummarySchema = z.object({
  byRole: z.array(blindShareSchema), bySource: z.array(blindShareSchema), checked: countSchema, blind: countSchema,
});
export type BlindSummary = z.infer<typeof blindSummarySchema>;
