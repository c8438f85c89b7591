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
    doc: 'Write a dataset\'s VRP regions as COCO JSON or as a Label Studio task list.',
    input: z.object({ datasetId: z.number().int(), format: regionFormatSchema, out: z.string().min(1) }),
    output: z.object({ path: z.string(), scenes: z.number().int(), shapes: z.number().int() }),
  }),
  'regions.import': method({
    access: LEAD,
    doc: 'Save COCO or Label Studio rectangles and ellipses as the scenes of matching items (all or nothing).',
    input: z.object({ datasetId: z.number().int(), path: z.string().min(1), format: z.enum(['auto', ...regionFormats]).default('auto') }),
    output: z.object({ scenes: z.number().int(), shapes: z.number().int() }),
    mutates: ['items'],
  }),
};
