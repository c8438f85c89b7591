import { z } from 'zod';
import { method } from '../define';
import { toolkitComparisonSchema } from '../interop-entities';

/** Working with other toolkits' files: their verdicts beside ours. */
export const interopMethods = {
  'runs.toolkit': method({
    access: 'user',
    doc: 'An imported run\'s reading beside the toolkit\'s own verdicts (VLMEvalKit hit, lmms-eval metric), question by question.',
    input: z.object({ id: z.number().int() }),
    output: toolkitComparisonSchema.nullable(),
  }),
};
