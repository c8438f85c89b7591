import { z } from 'zod';
import { LEAD, method, noInput } from '../define';
import { datasetSummarySchema } from '../entities';

export const datasetMethods = {
  /** Every dataset with question counts per role and per source. */
  'datasets.list': method({
    access: 'user', reads: ['datasets'],
    doc: 'Datasets of the open project with counts per role and source.',
    input: noInput,
    output: z.array(datasetSummarySchema),
  }),
  /** Deletes a dataset with its items and questions; images no longer referenced are removed too. */
  'datasets.delete': method({
    access: LEAD,
    doc: 'Delete a dataset, its items and questions.',
    input: z.object({ id: z.number().int() }),
    output: z.object({ deleted: z.boolean() }),
    mutates: ['datasets', 'questions', 'items'],
  }),
};
