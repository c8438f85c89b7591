import { z } from 'zod';
import { optionSchema, roleSchema } from './entities';
import { apiErrorSchema } from './errors';
import { tokenParamSchema } from '../domain/token-param';
import {
  callUsageFields, countSchema, datasetRefFields, imageHandleFields, lifetimeFields, namedRecordFields, outcomeFields, recordIdSchema,
} from '../domain/entity';

/** How an answer was read from a response (METHODS §4); `judge` is set by the engine, never by these rules. */
export const extractionPaths = ['exact', 'letter', 'option-text', 'judge', 'unanswerable', 'failed'] as const;
export type ExtractionPath = (typeof extractionPaths)[number];

/**
 * A prompt template is data (METHODS §3): stored with the run that used it and hashed, so a score always names the exact
 * words that produced it. Placeholders: {question}, {options}, {hint_line}; options are rendered with `optionLine`
 * ({label}, {text}) and joined with `optionJoin`.
 */
export const promptTemplateSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  multipleChoice: z.string().min(1),
  open: z.string().min(1),
  optionLine: z.string().min(1),
  optionJoin: z.string(),
  /** Put images before the text (VLMEvalKit) or after it. */
  imagesFirst: z.boolean(),
  /**
   * TP-Eval on a templated task (METHODS §7.7): the task's question template, e.g. "How many {object} are there?". The
   * multiple-choice wording then holds the template's words itself, with its slots; each question's slot values are
   * read from its text by this template.
   */
  questionTemplate: z.string().min(1).optional(),
  /**
   * Chat turns sent before the question, as few-shot protocols send them (MMStar's text-only 2-shot S_t: a system
   * message, then example questions each answered by the assistant). Absent: the question is the only message.
   */
  system: z.string().min(1).optional(),
  examples: z.array(z.object({ user: z.string().min(1), assistant: z.string().min(1) })).max(16).optional(),
});
export type PromptTemplate = z.infer<typeof promptTemplateSchema>;

/**
 * A model endpoint: machine-level (shared by every project), never holding the key itself — the key lives in the
 * desktop's safeStorage or in the environment variable named here, so no project file, log or export can leak it.
 */
export const endpointSchema = z.object({
  name: z.string().min(1).max(80).regex(/^[\w.@:-]+$/, 'letters, digits and . _ - @ : only'),
  baseUrl: z.string().url(),
  /** Further base URLs serving the same model (vLLM replicas); a run spreads over all and drains one that fails. */
  replicas: z.array(z.string().url()).max(64).optional(),
  model: z.string().min(1),
  /** text-only models never receive images (seeing-or-not baselines). */
  kind: z.enum(['vision', 'text']).default('vision'),
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).nullable().default(null),
  temperature: z.number().min(0).max(2).default(0),
  maxTokens: z.number().int().min(1).max(32768).default(512),
  /**
   * Which body field carries maxTokens: OpenAI's reasoning models refuse the deprecated `max_tokens`, while vLLM, Ollama
   * and most OpenAI-compatible servers still read only it. `auto` decides by model id (shared/domain/token-param.ts).
   */
  tokenParam: tokenParamSchema.default('auto'),
  concurrency: z.number().int().min(1).max(256).default(4),
  /** Requests and tokens per minute; null = unlimited. */
  rpm: z.number().int().min(1).nullable().default(null),
  tpm: z.number().int().min(1).nullable().default(null),
  timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
  /** Prices in USD per million tokens; null = unknown (cost shown as —). */
  priceIn: z.number().min(0).nullable().default(null),
  priceOut: z.number().min(0).nullable().default(null),
  /** Share of the price a provider takes off for batch runs (OpenAI's Batch API: half); used by the dry run. */
  batchDiscount: z.number().min(0).max(1).default(0.5),
});
export type Endpoint = z.infer<typeof endpointSchema>;
export type EndpointInput = z.input<typeof endpointSchema>;

export const endpointInfoSchema = endpointSchema.extend({
  /** Where the key comes from now: the encrypted store, the environment, or nowhere (local servers need none). */
  keySource: z.enum(['stored', 'env', 'none']),
});
export type EndpointInfo = z.infer<typeof endpointInfoSchema>;

/** Built-in "models" that need no endpoint. */
export const RANDOM_MODEL = 'random-guess';
export const HUMAN_MODEL = 'human';

export const runFilterSchema = z.object({
  source: z.string().optional(),
  category: z.string().optional(),
  text: z.string().max(500).optional(),
  /** Only these items (TP-Eval's few-shot set D_few), or all but these (its held-out test set). */
  itemIds: z.array(recordIdSchema).max(50_000).optional(),
  excludeItemIds: z.array(recordIdSchema).max(50_000).optional(),
});

export const runConfigInputSchema = z.object({
  name: z.string().max(200).optional(),
  datasetId: recordIdSchema,
  /** An endpoint name, `random-guess` (seeded baseline) or `human` (a person answers in the UI). */
  model: z.string().min(1),
  roles: z.array(roleSchema).min(1).default(['origin', 'perception', 'knowledge']),
  filter: runFilterSchema.default({}),
  limit: z.number().int().min(1).nullable().default(null),
  templateId: z.string().default('vlmevalkit-mcq'),
  /** An edited template; overrides templateId. */
  template: promptTemplateSchema.nullable().default(null),
  temperature: z.number().min(0).max(2).nullable().default(null),
  maxTokens: z.number().int().min(1).max(32768).nullable().default(null),
  seed: z.number().int().nullable().default(null),
  /** Longest image side sent, in pixels; larger images are scaled down (aspect kept). */
  imageMaxSide: z.number().int().min(64).max(8192).default(1536),
  circular: z.boolean().default(false),
  /** false = images withheld (seeing-or-not); text-only endpoints never get images. */
  images: z.boolean().default(true),
  judge: z.string().nullable().default(null),
  concurrency: z.number().int().min(1).max(256).nullable().default(null),
  failFast: z.boolean().default(false),
  /**
   * VRPTest's mitigation (METHODS §6.5): full-intervention variants are sent as the image alone; with this on, a short
   * sentence tells the model the instruction is written in the image (and partial variants that the mark is a pointer).
   */
  vrpClarification: z.boolean().optional(),
  /** Send as one OpenAI-style batch (/v1/files + /v1/batches) instead of question by question. */
  batch: z.boolean().default(false),
  /**
   * Which perception and knowledge questions of the triplet workflow a run asks (DECISIONS 100): `submitted` (the
   * default) those no longer being written, `accepted` only accepted triplets, `drafts` everything, drafts being
   * written included (a lead's explicit choice, kept in the run's configuration). Origin questions and items never
   * assigned are always asked.
   */
  triplets: z.enum(['submitted', 'accepted', 'drafts']).default('submitted'),
  /**
   * VRPTest's repeated trials (METHODS §6.6): each question is asked this many times and scored by the majority answer,
   * for endpoints that are not deterministic. Absent or 1 asks once, as before.
   */
  trials: z.number().int().min(1).max(25).optional(),
});
export type RunConfigInput = z.input<typeof runConfigInputSchema>;
export type RunConfigParsed = z.output<typeof runConfigInputSchema>;

export const runStatusSchema = z.enum(['pending', 'running', 'paused', 'cancelled', 'done', 'failed', 'interrupted']);
export type RunStatus = z.infer<typeof runStatusSchema>;

export const runSummarySchema = z.object({
  ...namedRecordFields,
  ...datasetRefFields,
  kind: z.enum(['model', 'random', 'human']),
  model: z.string(),
  endpoint: z.string(),
  templateName: z.string(),
  templateHash: z.string(),
  circular: z.boolean(),
  images: z.boolean(),
  /** Whether VRP variants were asked with the paper's clarification sentence. */
  vrpClarification: z.boolean(),
  /** Times each question is asked, scored by majority vote when more than 1 (VRPTest's repeated trials, METHODS §6.6). */
  trials: z.number().int(),
  ...outcomeFields(runStatusSchema),
  /**
   * How it ended (`shared/domain/run-ending.ts`): done, done with errors (`errors` says how many) or failed (`error`
   * says why); null while it has not ended.
   */
  ending: z.enum(['done', 'done_with_errors', 'failed']).nullable(),
  ...lifetimeFields,
  /** Requests to make (questions × circular passes) and how they ended so far. */
  units: countSchema,
  answered: countSchema,
  errors: countSchema,
  correct: countSchema,
  failedExtraction: countSchema,
  cached: countSchema,
  tokensIn: countSchema,
  tokensOut: countSchema,
  cost: z.number().nullable(),
  /**
   * Present on a human baseline that is not finished, for a caller who is not a lead: `correct` and `failedExtraction`
   * read 0 so the person taking it never learns whether an answer was right (DECISIONS 101).
   */
  scoresWithheld: z.literal(true).optional(),
  /** Present while the run's job is live in this session. */
  live: z.object({ jobId: z.string(), rate: z.number(), etaSeconds: z.number().nullable(), concurrency: z.number().int(), waitingMs: z.number() }).nullable(),
  /** Present while another process (a CLI, another studio) executes the run: it is live there, not interrupted. */
  executor: z.object({ pid: z.number().int(), host: z.string(), since: z.string() }).nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

/**
 * How a run's job ended by itself: the `result` of its job (`jobs.get`, the `job.finished` event). A run paused or
 * failed by itself (storage, key, fail-fast, a lock that never let go) says why in `error`.
 */
export const runOutcomeSchema = z.object({
  runId: recordIdSchema,
  status: z.enum(['done', 'paused', 'failed']),
  asked: countSchema,
  answered: countSchema,
  errors: countSchema,
  error: apiErrorSchema.nullable(),
});
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

/**
 * A question CircularEval asks once, and why (shared/scoring/circular.ts: several answers, an answer that is no label,
 * options that name other labels or are runs of capitals, or an imported circular file that holds it once).
 */
export const askedOnceSchema = z.object({ questionId: recordIdSchema, extId: z.string(), reason: z.string() });
/** How many asked-once questions a stored run report lists by name (all are counted in `flagged`). */
export const ASKED_ONCE_LISTED = 200;

export const runPlanSchema = z.object({
  questions: countSchema,
  requests: countSchema,
  fromCache: countSchema,
  toAsk: countSchema,
  alreadyAnswered: countSchema,
  promptTokens: countSchema,
  maxOutputTokens: countSchema,
  /** Upper bound in USD (every reply at max tokens); null when the endpoint has no prices. */
  maxCost: z.number().nullable(),
  /** The provider's batch discount already applied to maxCost; null when the run is not a batch. */
  batchDiscount: z.number().nullable().default(null),
  cacheable: z.boolean(),
  warnings: z.array(z.string()),
  /** Under CircularEval, every question asked once, each with its reason. */
  askedOnce: z.array(askedOnceSchema).default([]),
});
export type RunPlan = z.infer<typeof runPlanSchema>;

export const predictionOutcomeSchema = z.enum(['correct', 'wrong', 'failed', 'error', 'pending']);
export type PredictionOutcome = z.infer<typeof predictionOutcomeSchema>;

export const predictionRowSchema = z.object({
  id: recordIdSchema.nullable(),
  position: countSchema,
  questionId: recordIdSchema,
  itemId: recordIdSchema,
  pass: countSchema,
  role: roleSchema,
  questionText: z.string(),
  gold: z.string(),
  outcome: predictionOutcomeSchema,
  extracted: z.string().nullable(),
  extraction: z.enum(extractionPaths).nullable(),
  corrected: z.string().nullable(),
  raw: z.string().nullable(),
  error: z.string().nullable(),
  cached: z.boolean(),
  latencyMs: z.number().nullable(),
});
export type PredictionRow = z.infer<typeof predictionRowSchema>;

const messagePartSchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string() }),
  // A chat turn sent before the question's own message (a few-shot template: MMStar's 2-shot S_t).
  z.object({ kind: z.literal('turn'), role: z.enum(['system', 'user', 'assistant']), text: z.string() }),
  z.object({ kind: z.literal('image'), ...imageHandleFields }),
]);

export const predictionDetailSchema = predictionRowSchema.extend({
  options: z.array(optionSchema),
  /** The messages as sent: turns before the question, then its user message, images by hash (their bytes are in the project). */
  prompt: z.array(messagePartSchema),
  judge: z.array(z.object({ prompt: z.string(), reply: z.string().nullable(), error: z.string().nullable() })),
  ...callUsageFields,
  attempts: countSchema,
  correctedBy: z.string().nullable(),
});
export type PredictionDetail = z.infer<typeof predictionDetailSchema>;
export type PromptMessagePart = z.infer<typeof messagePartSchema>;

/** What `runs.export` writes: a results table (CSV for spreadsheets, JSONL byte-exact) or VLMEvalKit's prediction workbook. */
export const runExportFormats = ['csv', 'jsonl', 'vlmevalkit-xlsx'] as const;
export const runExportFormatSchema = z.enum(runExportFormats);
export type RunExportFormat = z.infer<typeof runExportFormatSchema>;
export const runExportResultSchema = z.object({
  path: z.string(), format: runExportFormatSchema,
  /** Rows written: one per question and pass the caller may read. */
  rows: z.number().int(),
  /** Units the workbook leaves out because they hold no reply (not asked yet, or failed): a prediction file has only replies. */
  withoutReply: z.number().int(),
});
