import { z } from 'zod';
import { LEAD, method, noInput } from '../define';
import { jobSchema } from '../entities';

export const jobMethods = {
  /** Jobs of this session and finished jobs stored in the project, newest first. */
  'jobs.list': method({ access: 'user', reads: ['jobs'], doc: 'Recent jobs, newest first.', input: noInput, output: z.array(jobSchema) }),
  'jobs.get': method({ access: 'user', reads: ['jobs'], doc: 'One job by id.', input: z.object({ id: z.string() }), output: jobSchema }),
  /** Asks a running job to stop; an import then rolls back completely. */
  'jobs.cancel': method({
    access: LEAD,
    doc: 'Cancel a running job.',
    input: z.object({ id: z.string() }),
    output: z.object({ cancelled: z.boolean() }),
    mutates: ['jobs'],
  }),
};
