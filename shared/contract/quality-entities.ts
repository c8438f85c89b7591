import { z } from 'zod';
import { countSchema, recordIdSchema } from '../domain/entity';

/**
 * Near duplicates are image pairs whose dHashes differ in at most this many of 64 bits (METHODS §9, DECISIONS 229):
 * measured (`npm run bench near-duplicates`), JPEG quality 70 copies, 50%/200% resizes and 4–6% crops a side are all
 * within it, and no pair of 300 distinct pictures is (the closest pair differs in 8).
 */
export const DEFAULT_DUPLICATE_THRESHOLD = 7;

export const duplicatesInputSchema = z.object({
  /** Only groups with an image or question in this dataset (compared with the whole project, so reuse across datasets shows). */
  datasetId: z.number().int().optional(),
  threshold: z.number().int().min(0).max(32).default(DEFAULT_DUPLICATE_THRESHOLD),
});

/** Where an image or question stands: its item and dataset. */
const placeFields = { itemId: recordIdSchema, extId: z.string(), datasetId: recordIdSchema, dataset: z.string() };

export const duplicateImageGroupSchema = z.object({
  /** Each image of the group (by its SHA-256 key) and the items that show it, first dataset and item first. */
  images: z.array(z.object({ imageHash: z.string(), uses: z.array(z.object(placeFields)) })),
  /** Every pair of the group within the threshold, with its distance in bits. */
  pairs: z.array(z.object({ a: z.string(), b: z.string(), distance: countSchema })),
});
export type DuplicateImageGroup = z.infer<typeof duplicateImageGroupSchema>;

export const duplicateQuestionGroupSchema = z.object({
  /** The text as compared (DECISIONS 231) and the images' keys, in order. */
  text: z.string(),
  imageHashes: z.array(z.string()),
  questions: z.array(z.object({ questionId: recordIdSchema, role: z.string(), ...placeFields })),
});
export type DuplicateQuestionGroup = z.infer<typeof duplicateQuestionGroupSchema>;

export const duplicatesSchema = z.object({
  threshold: countSchema,
  imageGroups: z.array(duplicateImageGroupSchema),
  questionGroups: z.array(duplicateQuestionGroupSchema),
  /** Images items show that could not be hashed (not decodable, over the pixel budget), so could not be compared. */
  unhashable: z.array(z.object({ imageHash: z.string(), reason: z.string() })),
});
export type Duplicates = z.infer<typeof duplicatesSchema>;
