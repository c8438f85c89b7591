import { z } from 'zod';
import { method, noInput } from '../define';
import {
  compareInputSchema, comparisonSchema, drillInputSchema, drillRowSchema, leaderboardRowSchema, runReportSchema, seeingInputSchema,
  seeingSchema, vrpSeriesSchema,
} from '../report-entities';

/** Reports are read-only views of runs; they refresh whenever runs change (see the renderer's scope map). */
export const reportMethods = {
  'reports.run': method({ access: 'user', doc: 'A run\'s accuracy by every grouping, CircularEval, MMEvalPro and VRP panels.', input: z.object({ id: z.number().int() }), output: runReportSchema }),
  'reports.drill': method({
    access: 'user',
    doc: 'The triplets behind one cell of the MMEvalPro conditional heatmap.',
    input: drillInputSchema,
    output: z.object({ total: z.number().int(), rows: z.array(drillRowSchema) }),
  }),
  'reports.compare': method({ access: 'user', doc: 'Two or more runs on their common questions, with McNemar tests and disagreements.', input: compareInputSchema, output: comparisonSchema }),
  'reports.seeing': method({ access: 'user', doc: 'MMStar\'s multimodal gain and leakage from runs with, without images and text-only.', input: seeingInputSchema, output: seeingSchema }),
  'reports.leaderboard': method({ access: 'user', doc: 'Every run with its accuracy and interval, best first per dataset.', input: noInput, output: z.array(leaderboardRowSchema) }),
  'reports.vrp': method({ access: 'user', doc: 'VRP accuracy per level and relation value, one series per run of a dataset.', input: z.object({ datasetId: z.number().int() }), output: vrpSeriesSchema }),
  'reports.html': method({
    access: 'user',
    doc: 'A self-contained HTML report of a run (charts inline as SVG), optionally with a comparison.',
    input: z.object({ id: z.number().int(), compare: z.array(z.number().int()).max(7).default([]) }),
    output: z.object({ filename: z.string(), html: z.string() }),
  }),
};
