import { z } from 'zod';
import { LEAD, method } from '../define';
import { itemStatusSchema } from '../entities';
import { provenanceCountsSchema, tripletDraftSchema } from '../team-entities';

/** Whether annotators of a dataset may ask a model for drafts, and which endpoint drafts (METHODS §10). */
export const draftingSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The endpoint (by name, from this machine's endpoints) that drafts; null: none chosen yet, so nothing is offered. */
  endpoint: z.string().nullable(),
  /** Whether a lead set this, or it is the dataset's default (off for MMEvalPro imports, on otherwise). */
  byDefault: z.boolean(),
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type DraftingSettings = z.infer<typeof draftingSettingsSchema>;

const datasetId = z.number().int();

/** Model-drafted triplets (issue 36 item 3): a lead's per-dataset switch, the draft itself, and provenance counts. */
export const draftingMethods = {
  'drafting.settings': method({
    access: 'user', reads: ['team', 'datasets'],
    doc: 'Whether model drafting is on for a dataset and which endpoint drafts.',
    input: z.object({ datasetId }),
    output: draftingSettingsSchema,
  }),
  'drafting.configure': method({
    access: LEAD,
    doc: 'Turn model drafting on or off for a dataset and choose the endpoint that drafts; recorded in its history.',
    input: z.object({ datasetId, enabled: z.boolean(), endpoint: z.string().min(1).max(200).nullable() }),
    output: draftingSettingsSchema,
    mutates: ['team'],
  }),
  'drafting.draft': method({
    access: ['annotator'],
    doc: 'Ask the dataset\'s drafting endpoint for a perception and a knowledge question; saved as a new revision by the model.',
    input: z.object({ itemId: z.number().int(), baseVersion: z.number().int() }),
    output: z.object({ version: z.number().int(), status: itemStatusSchema, draft: tripletDraftSchema, author: z.string() }),
    mutates: ['team', 'questions'],
  }),
  'drafting.provenance': method({
    access: LEAD, reads: ['team', 'questions'],
    doc: 'A dataset\'s triplets by provenance: human-written, model-drafted and edited, model-drafted unchanged.',
    input: z.object({ datasetId }),
    output: provenanceCountsSchema,
  }),
};
