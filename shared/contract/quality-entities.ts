import { z } from 'zod';
import { countSchema, recordIdSchema } from '../domain/entity';
import { blindSummarySchema } from './visual-entities';

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

export const qualityReportInputSchema = z.object({
  datasetId: z.number().int(),
  threshold: z.number().int().min(0).max(32).default(DEFAULT_DUPLICATE_THRESHOLD),
});

/** Raw agreement and Cohen's kappa over n verdict pairs (null when undefined: no pairs, or one label throughout). */
const agreementSchema = z.object({ n: countSchema, percent: z.number().nullable(), kappa: z.number().nullable() });

/** Questions answerable without the image, per role and per source: the visual-dependency check's summary. */
export const qualityBlindSchema = blindSummarySchema;

/** Who wrote the triplets: by hand, drafted by a model and edited, or drafted and left unchanged. */
export const qualityProvenanceSchema = z.object({
  triplets: countSchema, human: countSchema, draftedEdited: countSchema, draftedUnchanged: countSchema,
  /** The mean share of a drafted triplet's words a person changed (null: no drafted triplet). */
  meanEditShare: z.number().nullable(),
});

/** A dataset's quality report (issue 36 item 4): one function per section in `quality-report/report.ts`. */
export const qualityReportSchema = z.object({
  dataset: z.object({ id: recordIdSchema, name: z.string(), items: countSchema, questions: countSchema }),
  duplicates: z.object({
    threshold: countSchema,
    /** Items of this dataset whose image has a near or exact copy elsewhere in the project (or in it). */
    itemsWithNearDuplicate: countSchema,
    /** Groups whose images are all in this dataset, and groups that reach another dataset. */
    withinDataset: countSchema,
    acrossDatasets: countSchema,
    imageGroups: z.array(duplicateImageGroupSchema),
    questionGroups: z.array(duplicateQuestionGroupSchema),
    unhashable: countSchema,
  }),
  agreement: z.object({
    /** Review rounds both checkers finished. */
    rounds: countSchema,
    overall: agreementSchema,
    perception: agreementSchema,
    knowledge: agreementSchema,
  }),
  /** Null until the visual-dependency check has run on the dataset. */
  blind: qualityBlindSchema.nullable(),
  /** Null when no triplet of the dataset has a recorded provenance. */
  provenance: qualityProvenanceSchema.nullable(),
});
export type QualityReport = z.infer<typeof qualityReportSchema>;
