import { z } from 'zod';
import { method, noInput } from '../define';
import { projectInfoSchema } from '../entities';

const pathInput = z.object({ path: z.string().min(1, 'a project path is required') });

/** Every way of opening a project: desktop only, and the new project replaces everything a client holds. */
const opening = {
  access: 'user', localOnly: true, output: projectInfoSchema, mutates: ['project', 'datasets', 'questions', 'items', 'jobs'],
} as const;

export const projectMethods = {
  /** Opens an existing `*.anchor` file; refuses one whose migrations disagree with this build. */
  'projects.open': method({ ...opening, doc: 'Open an existing project file.', input: pathInput }),
  /** Creates a new, empty project file (refuses to overwrite an existing one). */
  'projects.create': method({ ...opening, doc: 'Create a new empty project file and open it.', input: pathInput }),
  /** Opens the demo project, building it from resources/ on first use. */
  'projects.openDemo': method({ ...opening, doc: 'Open (and on first use build) the demo project.', input: noInput }),
  /** Recently opened projects, newest first. */
  'projects.recent': method({
    access: 'user', localOnly: true, reads: ['project'],
    doc: 'Recently opened project files, newest first.',
    input: noInput,
    output: z.array(z.object({ path: z.string(), openedAt: z.string(), exists: z.boolean() })),
  }),
};
