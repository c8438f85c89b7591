import { z } from 'zod';
import { LEAD, method, noInput } from '../define';
import {
  extractionPaths, predictionDetailSchema, predictionOutcomeSchema, predictionRowSchema, promptTemplateSchema, runConfigInputSchema, runExportFormatSchema,
  runExportResultSchema, runPlanSchema, runSummarySchema,
} from '../eval-entities';
import { optionSchema } from '../entities';
import { predictionFormatSchema, toolkitComparisonSchema, unmatchedRowSchema } from '../interop-entities';

const runId = z.object({ id: z.number().int() });
/** The run's job (null for a human run, answered in the studio): its `job.finished` event carries the run's outcome. */
const started = z.object({ runId: z.number().int(), jobId: z.string().nullable() });
/**
 * With `resume`, an unfinished run of the same configuration continues instead of a new one starting (`anchor eval`
 * run again); `resumed` says which happened.
 */
const startInput = runConfigInputSchema.extend({ resume: z.boolean().default(false) });
/**
 * Resuming or retrying a run asks the owner's endpoints of the names it recorded; when one is now another model or on
 * other servers the call is refused (`endpoint_changed`) unless this is true, which records the change in the run.
 */
const restart = runId.extend({ acceptEndpointChange: z.boolean().default(false) });

export const runMethods = {
  'runs.templates': method({ access: 'user', reads: ['runs'], doc: 'The prompt template presets (METHODS §3).', input: noInput, output: z.array(promptTemplateSchema) }),
  /** The dry run: what starting would cost, before anything is sent. */
  'runs.plan': method({ access: LEAD, reads: ['runs'], doc: 'Requests, cache hits, tokens and cost a run would take.', input: runConfigInputSchema, output: runPlanSchema }),
  'runs.start': method({ access: LEAD, doc: 'Create (or with `resume` continue) a run and start it as a job.', input: startInput, output: started.extend({ resumed: z.boolean() }), mutates: ['runs', 'jobs'] }),
  'runs.list': method({ access: 'user', reads: ['runs'], doc: 'Every run of the project, newest first.', input: noInput, output: z.array(runSummarySchema) }),
  'runs.get': method({ access: 'user', reads: ['runs'], doc: 'One run with its counts and live progress.', input: runId, output: runSummarySchema }),
  /** Stops sending; requests in flight finish and are stored. Resume asks only what is left. */
  'runs.pause': method({ access: LEAD, doc: 'Pause a running run.', input: runId, output: runSummarySchema, mutates: ['runs', 'jobs'] }),
  'runs.cancel': method({ access: LEAD, doc: 'Stop a run now (requests in flight are dropped).', input: runId, output: runSummarySchema, mutates: ['runs', 'jobs'] }),
  'runs.resume': method({ access: LEAD, doc: 'Continue a paused, cancelled or interrupted run.', input: restart, output: started, mutates: ['runs', 'jobs'] }),
  /** Re-asks only the questions whose requests failed; their error rows stay until an answer replaces them. */
  'runs.retryErrors': method({ access: LEAD, doc: 'Re-ask failed requests.', input: restart, output: started, mutates: ['runs', 'jobs'] }),
  'runs.delete': method({ access: LEAD, doc: 'Delete a run and its predictions.', input: runId, output: z.object({ deleted: z.boolean() }), mutates: ['runs'] }),
  'runs.predictions': method({
    access: 'user', reads: ['runs'],
    doc: 'A page of a run\'s predictions in question order.',
    input: z.object({
      runId: z.number().int(),
      outcome: predictionOutcomeSchema.optional(),
      extraction: z.enum(extractionPaths).optional(),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    output: z.object({ total: z.number().int(), rows: z.array(predictionRowSchema) }),
  }),
  /**
   * A run's results as a file: one row per question and pass with the prompt's identity, the reply, what was read and
   * how, the judge's part, gold, outcome, tokens and cost (docs/FORMATS.md). It writes a path, so it is the owner's;
   * the browser studio downloads the same file (`POST /download/run`). Rows follow the caller's read rules.
   */
  'runs.export': method({
    access: 'user', ownerOnly: true, reads: ['runs'],
    doc: 'Write a run\'s results as CSV, JSONL or the VLMEvalKit prediction workbook.',
    input: z.object({ id: z.number().int(), format: runExportFormatSchema, out: z.string().min(1) }),
    output: runExportResultSchema,
  }),
  /**
   * The same file as `runs.export`, handed back in the answer (base64) instead of written to a path: the desktop app
   * saves it where the person picks, as the browser studio saves `POST /download/run`. No path is named, so a caller
   * sees only what the read rules of `runs.predictions` let them.
   */
  'runs.exportFile': method({
    access: 'user', ownerOnly: true, reads: ['runs'],
    doc: 'A run\'s results as CSV, JSONL or the VLMEvalKit prediction workbook, returned as a named file (base64).',
    input: z.object({ id: z.number().int(), format: runExportFormatSchema }),
    output: z.object({ filename: z.string(), base64: z.string(), rows: z.number().int() }),
  }),
  'runs.prediction': method({ access: 'user', reads: ['runs'], doc: 'One prediction with its prompt, judge log and cost.', input: z.object({ id: z.number().int() }), output: predictionDetailSchema }),
  /** A person's reading of a response; the extractor's value is kept beside it. `label: null` removes the correction. */
  'runs.correct': method({
    access: LEAD,
    doc: 'Correct an extraction by hand.',
    input: z.object({ id: z.number().int(), label: z.string().nullable() }),
    output: predictionDetailSchema,
    mutates: ['runs'],
  }),
  /** Human-evaluation runs: the next question to answer, or null when every one is answered. */
  'runs.nextHuman': method({
    access: 'user', reads: ['runs'],
    doc: 'The next unanswered question of a human run.',
    input: runId,
    output: z.object({
      questionId: z.number().int(), itemId: z.number().int(), pass: z.number().int(), position: z.number().int(),
      text: z.string(), hint: z.string().nullable(), options: z.array(optionSchema), remaining: z.number().int(),
    }).nullable(),
  }),
  /** Scores a model-output file inside the project as a finished run (rules only; imports are all-or-nothing). */
  'runs.importPredictions': method({
    access: LEAD,
    doc: 'Score a model-output file (MMEvalPro JSON, MMMU predictions, VLMEvalKit xlsx/TSV/CSV, lmms-eval samples) against a dataset as a run.',
    input: z.object({
      datasetId: z.number().int(),
      path: z.string().min(1),
      format: predictionFormatSchema.default('auto'),
      /** A VLMEvalKit judge result file (`…_result.xlsx`) whose hit and log are kept beside our reading. */
      judgePath: z.string().min(1).optional(),
      /** Import the rows that match and list the rest, instead of refusing the file. */
      skipUnmatched: z.boolean().default(false),
      model: z.string().min(1).max(200),
      name: z.string().max(200).optional(),
    }),
    output: z.object({
      runId: z.number().int(), predictions: z.number().int(), correct: z.number().int(),
      format: predictionFormatSchema.exclude(['auto']), unmatched: z.array(unmatchedRowSchema), toolkit: toolkitComparisonSchema.nullable(),
    }),
    mutates: ['runs'],
  }),
  /** The same replies read with the current extraction rules, as a new finished run; the old run keeps its reading. */
  'runs.reread': method({
    access: LEAD,
    doc: 'Re-read a finished run\'s replies with the current extraction rules, as a new comparable run.',
    input: runId,
    output: z.object({ runId: z.number().int(), predictions: z.number().int(), changed: z.number().int(), correct: z.number().int() }),
    mutates: ['runs'],
  }),
  'runs.answer': method({
    access: 'user',
    doc: 'A person\'s answer in a human-evaluation run.',
    input: z.object({ runId: z.number().int(), questionId: z.number().int(), pass: z.number().int().default(0), label: z.string().min(1) }),
    output: runSummarySchema,
    mutates: ['runs'],
  }),
  'runs.toolkit': method({
    access: 'user', reads: ['runs'],
    doc: 'An imported run\'s reading beside the toolkit\'s own verdicts (VLMEvalKit hit, lmms-eval metric), question by question.',
    input: z.object({ id: z.number().int() }),
    output: toolkitComparisonSchema.nullable(),
  }),
};
