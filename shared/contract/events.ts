import { z } from 'zod';
import { dataScopes } from './define';
import { jobSchema } from './entities';

/** Events pushed to every open window: over IPC in the desktop app, over SSE in the browser. */
export const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('job.progress'), job: jobSchema }),
  z.object({ type: z.literal('job.finished'), job: jobSchema }),
  z.object({ type: z.literal('data.changed'), scopes: z.array(z.enum(dataScopes)) }),
]);
export type AppEvent = z.infer<typeof eventSchema>;
