import { z } from 'zod';
import { LEAD, method } from '../define';
import {
  boardSettingSchema, compareInputSchema, comparisonSchema, drillInputSchema, drillRowSchema, leaderboardRowSchema, runReportSchema, seeingInputSchema,
  seeingSchema, vrpSeriesSchema,
} from '../report-entities';
import { MAX_SWEEP_TEMPLATES, templateSweepSchema } from '../vrp-entities';

/** Reports are read-only views of runs; they refresh whenever runs change (see the renderer's scope map). */
export const reportMethods = {
  'reports.run': method({ access: 'user', reads: ['runs'], doc: 'A run\'s accuracy by every grouping, CircularEval, MMEvalPro and VRP panels.', input: z.object({ id: z.number().int() }), output: runReportSchema }),
  'reports.drill': method({
    access: 'user', reads: ['runs'],
    doc: 'The triplets behind one cell of the MMEvalPro conditional heatmap.',
    input: drillInputSchema,
    output: z.object({ total: z.number().int(), rows: z.array(drillRowSchema) }),
  }),
  'reports.compare': method({ access: 'user', reads: ['runs'], doc: 'Two or more runs on their common questions, with McNemar tests and disagreements.', input: compareInputSchema, output: comparisonSchema }),
  'reports.seeing': method({ access: 'user', reads: ['runs'], doc: 'MMStar\'s multimodal gain and leakage from runs with, without images and text-only.', input: seeingInputSchema, output: seeingSchema }),
  'reports.templates': method({
    access: 'user', reads: ['runs'],
    doc: 'VRPTest\'s best of up to four prompt templates: the given runs per model, every template\'s accuracy and the best one named.',
    input: z.object({ runIds: z.array(z.number().int()).min(1).max(8 * MAX_SWEEP_TEMPLATES) }),
    output: templateSweepSchema,
  }),
  'reports.leaderboard': method({
    access: 'user', reads: ['runs'],
    doc: 'A page of every run with its accuracy and interval, best first within each comparable setting of each dataset, from stored summaries.',
    input: z.object({
      /** One dataset's runs; null: every dataset's, grouped by dataset name. */
      datasetId: z.number().int().nullable().default(null),
      /** One setting's runs (a `settings[].key`); null: every setting's, grouped by setting within each dataset. */
      setting: z.string().nullable().default(null),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(100),
    }).default({ datasetId: null, setting: null, offset: 0, limit: 100 }),
    output: z.object({
      /** Runs on the board (of `datasetId` when given); `rows` is the page from `offset`. */
      total: z.number().int(),
      rows: z.array(leaderboardRowSchema),
      /** Every dataset with runs on the board, by name: the board's dataset picker. */
      datasets: z.array(z.object({ id: z.number().int(), name: z.string(), runs: z.number().int() })),
      /** The settings of `datasetId`'s runs on the board, most runs first (empty without a dataset): the setting picker. */
      settings: z.array(boardSettingSchema.extend({ runs: z.number().int() })),
    }),
  }),
  'reports.doctor': method({
    access: LEAD,
    doc: 'Recompute every stored run summary from its predictions and list the runs whose stored one differs; fix rewrites them.',
    input: z.object({ fix: z.boolean().default(false) }).default({ fix: false }),
    output: z.object({
      checked: z.number().int(),
      unsummarised: z.number().int(),
      mismatched: z.array(z.object({ runId: z.number().int(), parts: z.array(z.string()) })),
      fixed: z.number().int(),
    }),
    mutates: ['runs'],
  }),
  'reports.vrp': method({ access: 'user', reads: ['runs'], doc: 'VRP accuracy per level and relation value, one series per run of a dataset.', input: z.object({ datasetId: z.number().int() }), output: vrpSeriesSchema }),
  'reports.html': method({
    access: 'user', reads: ['runs'],
    doc: 'A self-contained HTML report of a run (charts inline as SVG), optionally with a comparison.',
    input: z.object({ id: z.number().int(), compare: z.array(z.number().int()).max(7).default([]) }),
    output: z.object({ filename: z.string(), html: z.string() }),
  }),
};
