import { z } from 'zod';
import { method } from '../define';
import { itemDetailSchema } from '../entities';

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
};
