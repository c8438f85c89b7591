import { z } from 'zod';
import { LEAD, method } from '../define';
import {
  GUIDELINES_MAX, guidelinesSchema, guidelineVersionSchema, REPLY_MAX, reviewReplySchema, roundDiffSchema,
} from '../collab-entities';
import { draftRoles } from '../team-entities';

/** Guidelines, comment threads and round diffs: what annotation teams expect around the triplet workflow. */
export const collabMethods = {
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
