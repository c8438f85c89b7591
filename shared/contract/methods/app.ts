import { z } from 'zod';
import { method, noInput } from '../define';
import { projectInfoSchema } from '../entities';

export const appMethods = {
  /** What the studio is running against: version, open project, and which door it came through. */
  'app.info': method({
    access: 'open', reads: ['project'],
    doc: 'Version, the open project (or null) and whether the desktop runtime is present.',
    input: noInput,
    output: z.object({
      version: z.string(),
      project: projectInfoSchema.nullable(),
      desktop: z.boolean(),
    }),
  }),
};
