import { z } from 'zod';
import { LEAD, method } from '../define';
import { gradeInputSchema, gradeOverrideInputSchema, gradeRowSchema, gradingReportSchema, gradingSchema } from '../grading-entities';

const byId = z.object({ id: z.number().int() });

/** Graded open answers (METHODS §5.1): a grader endpoint scores a run's replies 0.0–1.0, MM-Vet's protocol first. */
export const gradingMethods = {
  'gradings.start': method({
    access: LEAD, doc: 'Grade a run\'s open answers with a grader endpoint, as a job.', input: gradeInputSchema,
    output: z.object({ gradingId: z.number().int(), jobId: z.string() }), mutates: ['runs', 'jobs'],
  }),
  'gradings.run': method({ access: LEAD, doc: 'Grade a run\'s open answers and wait for the end.', input: gradeInputSchema, output: gradingReportSchema, mutates: ['runs', 'jobs'] }),
  'gradings.list': method({ access: LEAD, reads: ['runs'], doc: 'The gradings of a run, newest first.', input: z.object({ runId: z.number().int() }), output: z.array(gradingSchema) }),
  'gradings.report': method({ access: LEAD, reads: ['runs'], doc: 'Total, capability and integration scores of a grading (mean ± std).', input: byId, output: gradingReportSchema }),
  'gradings.grades': method({ access: LEAD, reads: ['runs'], doc: 'Every grade of a grading with its prompts and replies.', input: byId, output: z.array(gradeRowSchema) }),
  'gradings.override': method({ access: LEAD, doc: 'Set or clear a person\'s grade of one question.', input: gradeOverrideInputSchema, output: gradingReportSchema, mutates: ['runs'] }),
};
