import { z } from 'zod';
import { method } from '../define';
import { itemStatusSchema, questionRowSchema, roleSchema } from '../entities';

export const questionFilterSchema = z.object({
  datasetId: z.number().int().optional(),
  source: z.string().optional(),
  category: z.string().optional(),
  role: roleSchema.optional(),
  status: itemStatusSchema.optional(),
  /** Case-insensitive substring of the question text, the item's id or its options. */
  text: z.string().max(500).optional(),
  itemIds: z.array(z.number().int()).max(50_000).optional(),
  excludeItemIds: z.array(z.number().int()).max(50_000).optional(),
});
export type QuestionFilter = z.infer<typeof questionFilterSchema>;

const facet = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const questionMethods = {
  /** One page of questions matching a filter, with the total for a virtualised list. */
  'questions.list': method({
    access: 'user', reads: ['questions'],
    doc: 'A page of questions matching the filter, and how many match in all.',
    input: questionFilterSchema.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    output: z.object({ total: z.number().int(), rows: z.array(questionRowSchema) }),
  }),
  /** The values a filter can take, with counts, within a dataset (or the whole project). */
  'questions.facets': method({
    access: 'user', reads: ['questions'],
    doc: 'Distinct sources, categories, roles and statuses with their counts.',
    input: z.object({ datasetId: z.number().int().optional() }),
    output: z.object({ sources: facet, categories: facet, roles: facet, statuses: facet }),
  }),
};
