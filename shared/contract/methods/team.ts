import { z } from 'zod';
import { LEAD, method, noInput } from '../define';
import {
  dashboardSchema, draftingSettingsSchema, lintFindingSchema, provenanceCountsSchema, queueEntrySchema, revisionSchema, tripletDraftSchema, tripletSchema,
  tripletVerdictsSchema, draftRoles,
} from '../team-entities';
import { itemStatusSchema } from '../entities';
import {
  GUIDELINES_MAX, guidelinesSchema, guidelineVersionSchema, REPLY_MAX, reviewReplySchema, roundDiffSchema,
} from '../collab-entities';
import { overrideTargets } from '../../domain/triplet-state';
import { timeDeltaSchema } from '../collab-entities';

const itemId = z.number().int();
const checkerRuleSchema = z.object({ relaxed: z.boolean(), reason: z.string().nullable(), by: z.string().nullable(), at: z.string().nullable() });
const saved = z.object({ version: z.number().int(), status: itemStatusSchema });
const queueKind = z.enum(['annotate', 'review']);
const userRef = z.string().min(1);

export const teamMethods = {
  'assignments.assign': method({
    access: LEAD,
    doc: 'Split items into disjoint subsets per annotator and give each item two checkers who are not its annotator.',
    input: z.object({
      datasetId: z.number().int(),
      annotators: z.array(userRef).min(1),
      checkers: z.array(userRef).min(2),
      select: z.discriminatedUnion('mode', [
        z.object({ mode: z.literal('count'), count: z.number().int().min(1) }),
        z.object({ mode: z.literal('category'), category: z.string(), count: z.number().int().min(1).optional() }),
        z.object({ mode: z.literal('items'), itemIds: z.array(itemId).min(1) }),
      ]),
    }),
    output: z.object({ assigned: z.number().int(), byAnnotator: z.record(z.string(), z.number().int()) }),
    mutates: ['team', 'items', 'questions'],
  }),
  'assignments.reassign': method({
    access: LEAD,
    doc: 'Give items another annotator or checkers, keeping their state and history; the reason is logged.',
    input: z.object({ itemIds: z.array(itemId).min(1), annotator: userRef.optional(), checkers: z.tuple([userRef, userRef]).optional(),
      reason: z.string().max(2000) }),
    output: z.object({ reassigned: z.number().int() }),
    mutates: ['team'],
  }),

  'triplets.queue': method({
    access: 'user', reads: ['team'],
    doc: 'The caller\'s annotation or review queue, a page at a time.',
    input: z.object({
      kind: queueKind, todo: z.boolean().default(true), datasetId: z.number().int().optional(),
      offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(1000).default(200),
    }),
    output: z.object({ total: z.number().int(), rows: z.array(queueEntrySchema) }),
  }),
  'triplets.next': method({
    access: 'user', reads: ['team'],
    doc: 'The next (or previous) item of the caller\'s queue after an item.',
    input: z.object({ kind: queueKind, todo: z.boolean().default(true), itemId, direction: z.enum(['next', 'previous']).default('next') }),
    output: z.object({ itemId: itemId.nullable() }),
  }),
  'triplets.get': method({ access: 'user', reads: ['team'], doc: 'One triplet as the caller may see it.', input: z.object({ itemId }), output: tripletSchema }),
  'triplets.save': method({
    access: ['annotator'],
    doc: 'Save the perception and knowledge questions as a new revision; refused when based on an older version.',
    input: z.object({ itemId, baseVersion: z.number().int(), draft: tripletDraftSchema, time: timeDeltaSchema.optional() }),
    output: saved,
    mutates: ['team', 'questions'],
  }),
  'triplets.submit': method({
    access: ['annotator'],
    doc: 'Save and submit for review (or resubmit returned work to the same checkers).',
    input: z.object({ itemId, baseVersion: z.number().int(), draft: tripletDraftSchema, time: timeDeltaSchema.optional() }),
    output: saved,
    mutates: ['team', 'questions', 'items'],
  }),
  'triplets.history': method({ access: 'user', reads: ['team'], doc: 'Every revision of a triplet, newest first.', input: z.object({ itemId }), output: z.array(revisionSchema) }),
  'triplets.restore': method({
    access: ['annotator'],
    doc: 'Save an earlier revision\'s text as the newest revision.',
    input: z.object({ itemId, revisionId: z.number().int(), baseVersion: z.number().int() }),
    output: saved,
    mutates: ['team', 'questions'],
  }),
  'triplets.override': method({
    access: LEAD,
    doc: 'Move a triplet to another state, with a reason that is logged.',
    input: z.object({ itemId, to: z.enum(overrideTargets), reason: z.string().max(2000) }),
    output: saved,
    mutates: ['team', 'items', 'questions'],
  }),

  'reviews.submit': method({
    access: ['checker'],
    doc: 'A checker\'s Pass/Problematic verdict on each question of a triplet.',
    input: z.object({ itemId, verdicts: tripletVerdictsSchema, time: timeDeltaSchema.optional() }),
    output: z.object({ status: itemStatusSchema }),
    mutates: ['team', 'items', 'questions'],
  }),

  /** MMEvalPro's checker independence (METHODS §2): annotators of a dataset do not check in it unless a lead relaxed it. */
  'team.checkerRule': method({
    access: 'user', reads: ['team'], doc: 'Whether annotators of a dataset may check in it, and who relaxed the rule and why.',
    input: z.object({ datasetId: z.number().int() }), output: checkerRuleSchema,
  }),
  'team.setCheckerRule': method({
    access: LEAD, doc: 'Relax (with a reason) or restore checker independence for one dataset; recorded in its history.',
    input: z.object({ datasetId: z.number().int(), relaxed: z.boolean(), reason: z.string().max(2000).default('') }),
    output: checkerRuleSchema, mutates: ['team'],
  }),
  'team.dashboard': method({
    access: LEAD, reads: ['team'],
    doc: 'Progress per person, queues, throughput per day, checker agreement and problem reasons.',
    input: z.object({ datasetId: z.number().int().optional() }),
    output: dashboardSchema,
  }),
  /** Logins slowed down after repeated failures (a name or an address guessing passwords), newest first. */
  'team.loginAlerts': method({
    access: LEAD, reads: ['team'],
    doc: 'Logins slowed down after repeated failed passwords, newest first.',
    input: noInput,
    output: z.array(z.object({ at: z.string(), by: z.enum(['name', 'address']), key: z.string(), failures: z.number().int(), until: z.string() })),
  }),
  /** Model-drafted triplets (issue 36 item 3, METHODS §10): a lead's per-dataset switch, the draft, provenance counts. */
  'drafting.settings': method({
    access: 'user', reads: ['team', 'datasets'],
    doc: 'Whether model drafting is on for a dataset and which endpoint drafts.',
    input: z.object({ datasetId: z.number().int() }),
    output: draftingSettingsSchema,
  }),
  'drafting.configure': method({
    access: LEAD,
    doc: 'Turn model drafting on or off for a dataset, choose the endpoint that drafts, and whether drafts are checked without the image before '
      + 'submission (which needs a visual-dependency check of the dataset first); recorded in its history.',
    input: z.object({
      datasetId: z.number().int(), enabled: z.boolean(), endpoint: z.string().min(1).max(200).nullable(),
      /** Left out: kept as it is. */
      checkBeforeSubmit: z.boolean().optional(),
    }),
    output: draftingSettingsSchema,
    mutates: ['team'],
  }),
  /**
   * METHODS §10: the visual-dependency check of one triplet, as a job over that item only with the text-only models of
   * the dataset's last check; only questions without a reading of their current text are asked.
   */
  'drafting.checkDraft': method({
    access: ['annotator'],
    doc: 'Check a triplet\'s questions without the image (the dataset\'s text-only models) before submitting it, as a job.',
    input: z.object({ itemId }),
    output: z.object({ jobId: z.string() }),
    mutates: ['runs', 'jobs', 'questions'],
  }),
  'drafting.draft': method({
    access: ['annotator'],
    doc: 'Ask the dataset\'s drafting endpoint for a perception and a knowledge question; saved as a new revision by the model.',
    input: z.object({ itemId, baseVersion: z.number().int() }),
    output: saved.extend({ draft: tripletDraftSchema, author: z.string() }),
    mutates: ['team', 'questions'],
  }),
  'drafting.provenance': method({
    access: LEAD, reads: ['team', 'questions'],
    doc: 'A dataset\'s triplets by provenance: human-written, model-drafted and edited, model-drafted unchanged.',
    input: z.object({ datasetId: z.number().int() }),
    output: provenanceCountsSchema,
  }),
  'lint.run': method({
    access: 'user', reads: ['questions', 'items'],
    doc: 'Problems in a dataset that break scoring or mislead a model, each naming its item.',
    input: z.object({ datasetId: z.number().int().optional() }),
    output: z.object({ findings: z.array(lintFindingSchema) }),
  }),
  // Guidelines, comment threads and round diffs: what annotation teams expect around the triplet workflow.
  'guidelines.get': method({
    access: 'user', reads: ['team'],
    doc: 'A dataset\'s annotation guidelines (the newest version, or the one asked for) and the list of versions.',
    input: z.object({ datasetId: z.number().int(), version: z.number().int().min(1).optional() }),
    output: guidelinesSchema,
  }),
  'guidelines.save': method({
    access: LEAD,
    doc: `Save a dataset's guidelines as a new version (at most ${GUIDELINES_MAX} characters); refused when someone saved a newer one since \`baseVersion\`.`,
    // The length is checked by the handler, so a long text is refused as `too_large` naming the limit.
    input: z.object({ datasetId: z.number().int(), body: z.string(), baseVersion: z.number().int().nullable() }),
    output: guidelineVersionSchema,
    mutates: ['team'],
  }),
  'reviews.reply': method({
    access: 'user',
    doc: 'Reply to a checker\'s verdict on one question; only the triplet\'s annotator, its checkers and leads may.',
    input: z.object({ reviewId: z.number().int(), role: z.enum(draftRoles), body: z.string().max(REPLY_MAX) }),
    output: reviewReplySchema,
    mutates: ['team'],
  }),
  'triplets.roundDiff': method({
    access: 'user', reads: ['team'],
    doc: 'What the annotator changed between the submissions of review rounds `round - 1` and `round`.',
    input: z.object({ itemId: z.number().int(), round: z.number().int().min(2) }),
    output: roundDiffSchema,
  }),
};
