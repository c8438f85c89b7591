import { z } from 'zod';
import { imageRefSchema, itemStatusSchema, optionSchema } from './entities';
import { reviewReplySchema, roundDiffSchema } from './collab-entities';
import { countSchema, itemKeyFields, itemOriginFields, recordIdSchema, timestampSchema } from '../domain/entity';

/** What a person may do in the triplet workflow; one person may hold several. */
export const userRoleSchema = z.enum(['annotator', 'checker', 'lead']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  roles: z.array(userRoleSchema),
  hasPassword: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** A login name: what people type, so short and plain. */
export const userNameSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]{1,31}$/, 'names are 2–32 lowercase letters, digits, dots, dashes or underscores');

/**
 * An annotator's question as they type it: option texts in order (labelled A, B… on save), the label of the right
 * one, an optional rationale. Drafts may be incomplete; the rules in shared/domain apply at submit.
 */
export const draftSchema = z.object({
  text: z.string().max(20_000),
  options: z.array(z.string().max(2_000)).max(26),
  answer: z.string().max(2).nullable(),
  rationale: z.string().max(20_000).default(''),
});
export type Draft = z.infer<typeof draftSchema>;
export const draftRoles = ['perception', 'knowledge'] as const;
export type DraftRole = (typeof draftRoles)[number];
export const tripletDraftSchema = z.object({ perception: draftSchema, knowledge: draftSchema });
export type TripletDraft = z.infer<typeof tripletDraftSchema>;

/**
 * Where a triplet's questions came from (METHODS §10): written by a person, or drafted by a model and then edited (with
 * the word-level share of the draft changed) or submitted as the model wrote it.
 */
export const provenanceSchema = z.object({
  kind: z.enum(['human', 'drafted_edited', 'drafted_unchanged']),
  /** Share of the model's words changed, 0–1 (null: human-written). */
  editShare: z.number().min(0).max(1).nullable(),
  /** The endpoint and model that drafted it (null: human-written). */
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  draftedAt: timestampSchema.nullable(),
});
export type Provenance = z.infer<typeof provenanceSchema>;
/** A dataset's (or the project's) triplets by provenance: those with perception or knowledge text, or a model draft. */
export const provenanceCountsSchema = z.object({
  human: countSchema, draftedEdited: countSchema, draftedUnchanged: countSchema,
  /** The mean edit share of the model-drafted triplets (null: none). */
  meanEditShare: z.number().nullable(),
});
export type ProvenanceCounts = z.infer<typeof provenanceCountsSchema>;

/** Whether annotators of a dataset may ask a model for drafts, and which endpoint drafts (METHODS §10). */
export const draftingSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The endpoint (by name, from this machine's endpoints) that drafts; null: none chosen yet, so nothing is offered. */
  endpoint: z.string().nullable(),
  /** Whether a lead set this, or it is the dataset's default (off for MMEvalPro imports, on otherwise). */
  byDefault: z.boolean(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  /**
   * Whether a model-drafted triplet must pass the visual-dependency check (the text-only models of the dataset's last
   * check, asked its perception and knowledge questions as they stand) before it can be submitted (METHODS §10).
   */
  checkBeforeSubmit: z.boolean(),
});
export type DraftingSettings = z.infer<typeof draftingSettingsSchema>;

export const problemReasons = ['ambiguous', 'image_mismatch', 'grammar', 'duplicate_options', 'wrong_answer', 'other'] as const;
export const problemReasonSchema = z.enum(problemReasons);
export type ProblemReason = z.infer<typeof problemReasonSchema>;

export const verdictSchema = z.object({
  verdict: z.enum(['pass', 'problematic']),
  reason: problemReasonSchema.nullable().default(null),
  comment: z.string().max(5_000).default(''),
});
export type Verdict = z.infer<typeof verdictSchema>;
export const tripletVerdictsSchema = z.object({ perception: verdictSchema, knowledge: verdictSchema });
export type TripletVerdicts = z.infer<typeof tripletVerdictsSchema>;

export const reviewSchema = z.object({
  id: recordIdSchema,
  round: countSchema,
  checker: z.string(),
  checkerName: z.string(),
  verdicts: tripletVerdictsSchema,
  passed: z.boolean(),
  at: timestampSchema,
  /** The guidelines version in force when the verdict was given (null: none written then). */
  guidelineVersion: countSchema.nullable(),
  /** Replies to this verdict's comments, oldest first. */
  replies: z.array(reviewReplySchema),
});
export type Review = z.infer<typeof reviewSchema>;

export const assignmentSchema = z.object({
  annotator: z.string(),
  checkers: z.tuple([z.string(), z.string()]),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** Everything the Annotate and Review screens show for one item. */
export const tripletSchema = z.object({
  ...itemKeyFields,
  ...itemOriginFields,
  status: itemStatusSchema,
  version: countSchema,
  round: countSchema,
  images: z.array(imageRefSchema),
  origin: z.object({ text: z.string(), hint: z.string().nullable(), options: z.array(optionSchema), answer: z.array(z.string()) }).nullable(),
  draft: tripletDraftSchema,
  assignment: assignmentSchema.nullable(),
  /** Reviews the caller may see: all earlier rounds; this round's only once both checkers have submitted. */
  reviews: z.array(reviewSchema),
  /** Whether this round's other verdict exists but is hidden from the caller (independence). */
  hiddenReviews: countSchema,
  can: z.object({ edit: z.boolean(), submit: z.boolean(), review: z.boolean(), override: z.boolean(), reply: z.boolean() }),
  /** The dataset's newest guidelines version (null: none written yet). */
  guidelineVersion: countSchema.nullable(),
  /** For a resubmitted item: what changed since the previous round's submission (for those who may read the draft). */
  roundDiff: roundDiffSchema.nullable(),
  /**
   * Set when `draft` is not the working copy but the last submission: a checker of a returned triplet sees the version
   * they judged (round and version), not the annotator's work in progress. Null: `draft` is the current text.
   */
  submitted: z.object({ round: countSchema, version: countSchema, at: timestampSchema }).nullable(),
  /** Active time the caller has spent on this item so far (annotating or reviewing), in milliseconds. */
  myTimeMs: countSchema,
  /** The next items in the caller's queue with their image hashes, so the screen can prefetch them. */
  upcoming: z.array(z.object({ itemId: recordIdSchema, images: z.array(z.string()) })),
  /** Human-written or model-drafted (shown to the annotator, checkers and leads). */
  provenance: provenanceSchema,
});
export type Triplet = z.infer<typeof tripletSchema>;

export const queueEntrySchema = z.object({
  itemId: recordIdSchema,
  extId: z.string(),
  status: itemStatusSchema,
  category: z.string().nullable(),
  text: z.string(),
  round: countSchema,
  /** Review queue: whether the caller already gave this round's verdict. */
  done: z.boolean(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const revisionSchema = z.object({
  id: recordIdSchema,
  at: timestampSchema,
  user: z.string().nullable(),
  action: z.string(),
  version: countSchema.nullable(),
  /** For a submission: the review round it opened (from round 2 on, `triplets.roundDiff` shows what changed). */
  round: countSchema.nullable(),
  draft: tripletDraftSchema.nullable(),
  note: z.string().nullable(),
});
export type Revision = z.infer<typeof revisionSchema>;

export const lintRules = ['answer_not_option', 'duplicate_options', 'missing_image', 'empty_question', 'missing_role', 'too_few_options',
  'near_duplicate_image', 'duplicate_question', 'answerable_without_image'] as const;
export const lintFindingSchema = z.object({
  rule: z.enum(lintRules),
  itemId: recordIdSchema,
  extId: z.string(),
  datasetId: recordIdSchema,
  questionId: recordIdSchema.nullable(),
  role: z.string().nullable(),
  message: z.string(),
});
export type LintFinding = z.infer<typeof lintFindingSchema>;

const count = countSchema;
/** Active time in milliseconds: the total, and the median over the triplets the person spent any time on. */
const timeSpent = { timeMs: count, medianMs: z.number().nullable(), timedItems: count };
export const dashboardSchema = z.object({
  statuses: z.record(z.string(), count),
  annotators: z.array(z.object({
    user: z.string(), name: z.string(), assigned: count, annotating: count, submitted: count, returned: count, accepted: count, ...timeSpent,
  })),
  checkers: z.array(z.object({ user: z.string(), name: z.string(), assigned: count, pending: count, reviewed: count, flagged: count, ...timeSpent })),
  /** Per day (UTC date), last 14 days with activity: saves, submissions and verdicts. */
  throughput: z.array(z.object({ day: z.string(), saves: count, submissions: count, reviews: count })),
  agreement: z.object({
    n: count,
    percent: z.number().nullable(),
    kappa: z.number().nullable(),
    pairs: z.array(z.object({ a: z.string(), b: z.string(), n: count, percent: z.number().nullable(), kappa: z.number().nullable() })),
  }),
  reasons: z.array(z.object({ reason: problemReasonSchema, count })),
  provenance: provenanceCountsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
