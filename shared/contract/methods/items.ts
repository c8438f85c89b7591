import { z } from 'zod';
import { method } from '../define';
import { itemDetailSchema, itemStatusSchema, questionRowSchema, roleSchema } from '../entities';

export const questionFilterSchema = z.object({
  datasetId: z.number().int().optional(),
  source: z.string().optional(),
  category: z.string().optional(),
  role: roleSchema.optional(),
  status: itemStatusSchema.optional(),
  /** Case-insensitive substring of the question text, the item's id or its options. */
  text: z.string().max(500).optional(),
  itemIds: z.array(z.number().int()).max(50_000).optional(),
  /** Only these questions (the browser's "answerable without the image" filter, from `quality.visual`). */
  questionIds: z.array(z.number().int()).max(50_000).optional(),
  excludeItemIds: z.array(z.number().int()).max(50_000).optional(),
});
export type QuestionFilter = z.infer<typeof questionFilterSchema>;

const facet = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** Items and the questions they hold: the `items/` folder of the backend serves both. */
export const itemMethods = {
  /** One item with its images (by hash) and all its questions. */
  'items.get': method({
    access: 'user', reads: ['items'],
    doc: 'An item with its images and questions.',
    input: z.object({ id: z.number().int() }),
    output: itemDetailSchema,
  }),
  /** The item ids of a dataset in browse order, so "next item" needs no page fetch. */
  'items.neighbours': method({
    access: 'user', reads: ['items'],
    doc: 'The previous and next item of a dataset, in import order.',
    input: z.object({ id: z.number().int() }),
    output: z.object({ previous: z.number().int().nullable(), next: z.number().int().nullable() }),
  }),
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
