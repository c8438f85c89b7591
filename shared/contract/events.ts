import { z } from 'zod';
import { dataScopes } from './define';
import { jobSchema } from './entities';

/** Commands from the desktop menu that the renderer carries out (the browser studio has its own shortcuts). */
export const uiCommands = [
  'go.datasets', 'go.annotate', 'go.review', 'go.vrp', 'go.runs', 'go.reports', 'go.optimize', 'go.team', 'go.settings',
  'import', 'project', 'search', 'theme.toggle', 'shortcuts',
] as const;
export type UiCommand = (typeof uiCommands)[number];

/** Events pushed to every open window: over IPC in the desktop app, over SSE in the browser. */
export const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('job.progress'), job: jobSchema }),
  z.object({ type: z.literal('job.finished'), job: jobSchema }),
  z.object({ type: z.literal('data.changed'), scopes: z.array(z.enum(dataScopes)) }),
  z.object({ type: z.literal('ui.command'), command: z.enum(uiCommands) }),
]);
export type AppEvent = z.infer<typeof eventSchema>;
