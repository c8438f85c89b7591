import { z } from 'zod';
import { LEAD, method } from '../define';
import { regionFormats, regionFormatSchema, toolkitComparisonSchema } from '../interop-entities';

/** Working with other toolkits' files: their verdicts beside ours. */
export const interopMethods = {
  'runs.toolkit': method({
    access: 'user', reads: ['runs'],
    doc: 'An imported run\'s reading beside the toolkit\'s own verdicts (VLMEvalKit hit, lmms-eval metric), question by question.',
    input: z.object({ id: z.number().int() }),
    output: toolkitComparisonSchema.nullable(),
  }),
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
