import { z } from 'zod';
import { authorFields, countSchema, recordIdSchema, timestampSchema } from '../domain/entity';

/** One saved version of a dataset's annotation guidelines (Markdown). */
export const guidelineVersionSchema = z.object({
  datasetId: recordIdSchema,
  version: countSchema,
  body: z.string(),
  /** Null when the version was saved with no one signed in. */
  author: authorFields.author.nullable(),
  authorName: authorFields.authorName.nullable(),
  at: timestampSchema,
});
export type GuidelineVersion = z.infer<typeof guidelineVersionSchema>;

export const guidelinesSchema = z.object({
  /** The version asked for, or the newest; null when none was ever written. */
  shown: guidelineVersionSchema.nullable(),
  latest: countSchema.nullable(),
  versions: z.array(guidelineVersionSchema.omit({ body: true })),
});
export type Guidelines = z.infer<typeof guidelinesSchema>;

/** Guidelines hold at most this many characters: a long page, not a book. */
export const GUIDELINES_MAX = 100_000;

/**
 * Active time measured by the form since its last acknowledged save. The client names each delta and re-sends the
 * same name until a save is acknowledged, so the server adds it once however often it arrives.
 */
export const timeDeltaSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a time delta id is 8–64 letters, digits, dashes or underscores'),
  /** At most twelve hours in one delta: more is a broken clock, not work. */
  ms: z.number().int().min(0).max(12 * 3_600_000),
});
export type TimeDelta = z.infer<typeof timeDeltaSchema>;

export const reviewReplySchema = z.object({
  id: recordIdSchema,
  reviewId: recordIdSchema,
  // Spelled out (not imported from team-entities, which imports this file) so the modules load in any order.
  role: z.enum(['perception', 'knowledge']),
  ...authorFields,
  body: z.string(),
  at: timestampSchema,
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;
export const REPLY_MAX = 5_000;

/** A run of text that stayed, was added or was removed between two submissions. */
export const diffPartSchema = z.object({ op: z.enum(['same', 'add', 'del']), text: z.string() });
export type DiffPart = z.infer<typeof diffPartSchema>;

export const questionDiffSchema = z.object({
  changed: z.boolean(),
  text: z.array(diffPartSchema),
  /** One part per option, labelled ("A. 25"), so a reworded option shows as one removed and one added. */
  options: z.array(diffPartSchema),
  answer: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  rationale: z.array(diffPartSchema),
});
export type QuestionDiff = z.infer<typeof questionDiffSchema>;

/** What changed between the submissions of two review rounds. */
export const roundDiffSchema = z.object({
  from: countSchema,
  to: countSchema,
  perception: questionDiffSchema,
  knowledge: questionDiffSchema,
});
export type RoundDiff = z.infer<typeof roundDiffSchema>;
