import { z } from 'zod';
import { method, noInput } from '../define';
import { projectInfoSchema } from '../entities';

const pathInput = z.object({ path: z.string().min(1, 'a project path is required') });

export const projectMethods = {
  /** Opens an existing `*.anchor` file; refuses one whose migrations disagree with this build. */
  'projects.open': method({
    access: 'user', localOnly: true,
    doc: 'Open an existing project file.',
    input: pathInput,
    output: projectInfoSchema,
    mutates: ['project', 'datasets', 'questions', 'items', 'jobs'],
  }),
  /** Creates a new, empty project file (refuses to overwrite an existing one). */
  'projects.create': method({
    access: 'user', localOnly: true,
    doc: 'Create a new empty project file and open it.',
    input: pathInput,
    output: projectInfoSchema,
    mutates: ['project', 'datasets', 'questions', 'items', 'jobs'],
  }),
  /** Opens the demo project, building it from resources/ on first use. */
  'projects.openDemo': method({
    access: 'user', localOnly: true,
    doc: 'Open (and on first use build) the demo project.',
    input: noInput,
    output: projectInfoSchema,
    mutates: ['project', 'datasets', 'questions', 'items', 'jobs'],
  }),
  /** Recently opened projects, newest first. */
  'projects.recent': method({
    access: 'user', localOnly: true,
    reads: ['project'],
    doc: 'Recently opened project files, newest first.',
    input: noInput,
    output: z.array(z.object({ path: z.string(), openedAt: z.string(), exists: z.boolean() })),
  }),
};
