import { z } from 'zod';
import { LEAD, method } from '../define';
import { formatSchema } from '../entities';

export const importFormatSchema = z.enum(['auto', ...formatSchema.options]);
export const exportFormatSchema = z.enum(['vlmevalkit', 'mmevalpro', 'hf-parquet']);

const importInput = z.object({
  /** Paths on the machine that runs the backend (uploads land there first in the browser studio). */
  files: z.array(z.string().min(1)).min(1, 'name at least one file'),
  format: importFormatSchema.default('auto'),
  /** Dataset to create; defaults to the first file's name without its extension. */
  dataset: z.string().min(1).max(200).optional(),
  /** The text files' encoding when it is not UTF-8 (latin1, windows-1252, utf-16le…); without it non-UTF-8 is refused. */
  encoding: z.string().min(1).max(40).optional(),
});

const importResult = z.object({
  datasetId: z.number().int(),
  dataset: z.string(),
  format: formatSchema,
  items: z.number().int(),
  questions: z.number().int(),
  images: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

export const transferMethods = {
  /** Starts an import job; progress arrives as `job.progress` events, the result with `job.finished`. */
  'imports.start': method({
    access: LEAD,
    doc: 'Start an all-or-nothing import job and return its id.',
    input: importInput,
    output: z.object({ jobId: z.string() }),
    mutates: ['jobs'],
  }),
  /** Imports and waits for the result (the CLI and tests use this; the UI prefers the job). */
  'imports.run': method({
    access: LEAD,
    doc: 'Import files in one transaction and return what was stored.',
    input: importInput,
    output: importResult,
    mutates: ['datasets', 'questions', 'items', 'jobs'],
  }),
  /** Writes a dataset to a file in an exchange format. */
  'exports.run': method({
    access: LEAD, ownerOnly: true, reads: ['datasets', 'questions', 'items'],
    doc: 'Export a dataset as VLMEvalKit TSV, MMEvalPro JSON, or a Hugging Face release folder (hf-parquet: sharded parquet and a dataset card).',
    input: z.object({
      dataset: z.union([z.number().int(), z.string().min(1)]),
      format: exportFormatSchema,
      out: z.string().min(1),
      /** Only triplets both checkers accepted (MMEvalPro's released set). */
      acceptedOnly: z.boolean().default(false),
      /** With acceptedOnly: also triplets a lead's override accepted without the double check (METHODS §2). */
      includeOverridden: z.boolean().default(false),
      /** Also write every triplet's assignment, verdicts and overrides as JSON to this file. */
      reviewHistory: z.string().min(1).optional(),
      /**
       * hf-parquet: the licence in the card (an SPDX-style id the hub knows, e.g. cc-by-4.0); when not given, the one the
       * imported release's card stated, else `other`.
       */
      license: z.string().min(1).max(100).optional(),
      /** hf-parquet: a BibTeX entry for the card's citation section; when not given, the imported release's. */
      citation: z.string().max(20000).optional(),
      /** hf-parquet: the largest shard, in bytes (a triplet is never split). */
      shardBytes: z.number().int().min(1).optional(),
      /** hf-parquet: put the dataset's quality report in the card (a section) and beside it (`quality.json`). */
      quality: z.boolean().default(false),
    }),
    output: z.object({
      path: z.string(), items: z.number().int(), questions: z.number().int(), shards: z.number().int().optional(),
      reviewHistory: z.object({
        path: z.string(), triplets: z.number().int(),
        /** The guidelines versions the history names, written beside it (`…-guidelines.json`) when there are any. */
        guidelines: z.object({ path: z.string(), versions: z.number().int() }).optional(),
      }).optional(),
    }),
  }),
};
