import { z } from 'zod';
import { LEAD, method } from '../define';
import { regionFormats, regionFormatSchema } from '../interop-entities';
import { canvasItemSchema, sceneRecordSchema, variantPlanSchema, variantResultSchema, variantRowSchema } from '../vrp-entities';
import { sceneSchema } from '../../vrp/scene';
import { PAPER_SELECTION, variantSelectionSchema } from '../../vrp/relations';

const datasetRef = z.union([z.number().int(), z.string().min(1)]);
const generateInput = z.object({
  dataset: datasetRef,
  selection: variantSelectionSchema.default(PAPER_SELECTION),
  /** Also write the PNGs and metadata.csv / metadata.json to this folder (on the machine that runs the backend). */
  out: z.string().min(1).optional(),
});
const DRAWERS = ['annotator', 'lead'] as const;

export const vrpMethods = {
  /** Items of a dataset that have an image, with what their scene holds. */
  'scenes.items': method({
    access: 'user', reads: ['items'], doc: 'Items with an image, and their scenes\' shape counts.',
    input: z.object({ datasetId: z.number().int() }), output: z.array(canvasItemSchema),
  }),
  /** An item's scene, migrated to the current schema; a scene from a newer schema is refused with `unsupported`. */
  'scenes.get': method({ access: 'user', reads: ['items'], doc: 'An item\'s scene.', input: z.object({ itemId: z.number().int() }), output: sceneRecordSchema }),
  /**
   * Saves a scene when `baseVersion` is the stored one (0 for the first save); a stale save is refused and nothing
   * changes. `baseVersion`, as for triplets and guidelines: the version the edit started from (DECISIONS 221).
   */
  'scenes.save': method({
    access: DRAWERS, doc: 'Save an item\'s scene, refusing a stale version.',
    input: z.object({ itemId: z.number().int(), baseVersion: z.number().int().min(0), scene: sceneSchema }),
    output: sceneRecordSchema, mutates: ['items'],
  }),
  /** What a generation would make, and which items it would skip and why, without rendering anything. */
  'variants.plan': method({
    access: 'user', reads: ['items'], doc: 'Count the variants a selection makes.',
    input: generateInput.omit({ out: true }), output: variantPlanSchema,
  }),
  /** Starts variant generation as a job (progress and cancel like any job); nothing is stored unless it finishes. */
  'variants.start': method({
    access: LEAD, doc: 'Start generating variants as a job.', input: generateInput,
    output: z.object({ jobId: z.string() }), mutates: ['jobs'],
  }),
  /** Generates and waits (the CLI and tests). */
  'variants.run': method({
    access: LEAD, doc: 'Generate variants and return what was stored.', input: generateInput,
    output: variantResultSchema, mutates: ['datasets', 'items', 'questions', 'jobs'],
  }),
  /** Stored variants of a source dataset, with their relation values, sizes and hashes. */
  'variants.list': method({ access: 'user', reads: ['items'], doc: 'Variants generated from a dataset.', input: z.object({ dataset: datasetRef }), output: z.array(variantRowSchema) }),
  /** Writes a source dataset's stored variants as PNGs plus metadata.csv and metadata.json. */
  'variants.export': method({
    access: LEAD, ownerOnly: true, reads: ['items'], doc: 'Export variants as PNGs with metadata.',
    input: z.object({ dataset: datasetRef, out: z.string().min(1) }),
    output: z.object({ out: z.string(), files: z.number().int() }),
  }),
  // VRP regions in other tools' files (COCO, Label Studio).
  'regions.export': method({
    access: LEAD, ownerOnly: true, reads: ['items'],
    doc: 'Write a dataset\'s VRP regions as COCO JSON, or as a Label Studio task list with its pictures and label config beside it.',
    input: z.object({
      datasetId: z.number().int(), format: regionFormatSchema, out: z.string().min(1),
      /** Label Studio: put before each picture's path in `data.image` (default: its local-files URL, `/data/local-files/?d=`). */
      imagePrefix: z.string().max(2000).optional(),
    }),
    /** `config`: the Label Studio label config written beside the tasks (null for COCO). */
    output: z.object({ path: z.string(), config: z.string().nullable(), scenes: z.number().int(), shapes: z.number().int() }),
  }),
  'regions.import': method({
    access: LEAD,
    doc: 'Save COCO or Label Studio rectangles and ellipses as the scenes of matching items (all or nothing).',
    input: z.object({ datasetId: z.number().int(), path: z.string().min(1), format: z.enum(['auto', ...regionFormats]).default('auto') }),
    /** `skipped`: results that are no rectangle or ellipse (a `choices` or `textarea` result…), counted by type. */
    output: z.object({ scenes: z.number().int(), shapes: z.number().int(), skipped: z.record(z.string(), z.number().int()) }),
    mutates: ['items'],
  }),
};
