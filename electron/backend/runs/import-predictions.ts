import { closeSync, openSync, readSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ParsedInput, PredictionFormat } from '@shared/contract';
import { presetTemplate, type PromptTemplate } from '@shared/prompts/templates';
import { EXTRACTOR_VERSION } from '@shared/scoring/extract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { mapInSlices } from '../jobs/slices';
import { refreshCommittedInSlices } from './summary-hook';
import { readMmEvalProOutputInSlices, readMmmuPredictionsInSlices } from '../formats/model-output';
import { configHash, templateHash, type FrozenConfig } from './config';
import { readReply, type Reading } from './read-reply';
import { openImportStage, type ImportStage } from './store/import-stage';
import { datasetName } from './store/questions';
import { insertRun } from './store/runs';
import { byId, type FileAnswer } from './toolkit/answers';
import { toolkitComparison } from './toolkit/compare';
import { looksLikeLmmsEval, lmmsEvalAnswers } from './toolkit/lmms-eval';
import { matchAnswers, type Matched, type Unmatched } from './toolkit/match';
import { vlmevalkitAnswers } from './toolkit/vlmevalkit';

type Format = Exclude<PredictionFormat, 'auto'>;
type Input = ParsedInput<'runs.importPredictions'>;

/** Answers staged per TEMP-table transaction: a few milliseconds of work, so a slice holds one or two of them. */
const STAGE_CHUNK = 256;

const fail = (file: string, where: string, message: string) => new AppError('invalid_input', `${basename(file)}: ${where}: ${message}`);
const plain = (where: string, extId: string, role: FileAnswer['role'], response: string): FileAnswer =>
  ({ where, key: byId(extId), role, pass: 0, options: null, response, toolkit: null });

/** MMEvalPro's model-output JSON: rows with triplet_id, eval_type and model_output. */
async function mmevalproAnswers(file: string, signal?: AbortSignal): Promise<FileAnswer[]> {
  return (await readMmEvalProOutputInSlices(file, signal)).map((r) => plain(`row ${r.row}`, r.tripletId, r.role, r.prediction ?? ''));
}

/** MMMU's eval-only predictions: `{ "validation_Art_1": "B", … }`. */
async function mmmuAnswers(file: string, signal?: AbortSignal): Promise<FileAnswer[]> {
  return (await readMmmuPredictionsInSlices(file, signal)).map(([id, answer]) => plain(`id ${id}`, id, 'origin', answer));
}

/** The first bytes of a file, enough to tell the formats apart by content. */
function head(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(65536);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Which toolkit wrote the file: tables are VLMEvalKit's; JSON is told apart by the fields of its records. */
export function detectPredictionFormat(file: string): Format {
  if (['.xlsx', '.csv', '.tsv'].includes(extname(file).toLowerCase())) return 'vlmevalkit';
  const text = head(file).replace(/^\uFEFF/, '').trimStart();
  if (looksLikeLmmsEval(text)) return 'lmms-eval';
  if (text.startsWith('[') && /"triplet_id"\s*:/.test(text) && /"eval_type"\s*:/.test(text)) return 'mmevalpro';
  // VLMEvalKit's table dumped as JSON records (PRED_FORMAT=json): each row has its index and prediction.
  if (text.startsWith('[') && /"index"\s*:/.test(text) && /"prediction"\s*:/.test(text)) return 'vlmevalkit';
  if (text.startsWith('{')) return 'mmmu';
  throw fail(file, 'file', 'not a prediction file this studio reads (VLMEvalKit xlsx/TSV/CSV/JSON, lmms-eval samples, MMEvalPro or MMMU JSON)');
}

async function readAnswers(input: Input, format: Format, signal?: AbortSignal): Promise<FileAnswer[]> {
  switch (format) {
    case 'mmevalpro': return mmevalproAnswers(input.path, signal);
    case 'mmmu': return mmmuAnswers(input.path, signal);
    case 'lmms-eval': return lmmsEvalAnswers(input.path);
    default: return vlmevalkitAnswers(input.path, input.judgePath ?? null);
  }
}

/** The template an imported run names: the words are unknown, so it says so rather than pretend. */
function importedTemplate(): PromptTemplate {
  const base = presetTemplate('vlmevalkit-mcq')!;
  return { ...base, id: 'imported', name: 'unknown (imported predictions)' };
}

function importedConfig(datasetId: number, matched: readonly Matched[], file: string, format: Format, rows: number): FrozenConfig {
  const template = importedTemplate();
  return {
    kind: 'model', endpoint: null, judge: null, template, templateHash: templateHash(template), extractor: EXTRACTOR_VERSION,
    temperature: 0, maxTokens: 0, seed: null, imageMaxSide: 0, circular: matched.some((m) => m.a.pass > 0), images: true, concurrency: 1, failFast: false,
    selection: { datasetId, roles: [...new Set(matched.map((m) => m.a.role))], filter: {}, limit: null },
    imported: { file: basename(file), format, rows },
  };
}

/** Every answer read with a live run's rules, in slices that leave the server free between them (issue 29). */
function readMatched(matched: readonly Matched[], control?: JobControl): Promise<Reading[]> {
  return mapInSlices(matched, ({ a, q, options, gold }) => readReply(q.type, options, gold, a.response, q.meta),
    { progress: (done, total) => control?.progress(done, total), signal: control?.signal });
}

/** Each answer as it will be stored, staged a slice at a time so that the run's transaction only copies (issue 29). */
async function stageAnswers(stage: ImportStage, matched: readonly Matched[], readings: readonly Reading[], control?: JobControl): Promise<void> {
  const chunks: number[] = [];
  for (let from = 0; from < matched.length; from += STAGE_CHUNK) chunks.push(from);
  await mapInSlices(chunks, (from) => stage.add(matched.slice(from, from + STAGE_CHUNK).map(({ a, q, options, gold }, i) => {
    const { label, path, right } = readings[from + i]!;
    return {
      position: from + i, questionId: q.id, pass: a.pass, options: JSON.stringify(options), answer: JSON.stringify(gold),
      raw: a.response, extracted: label, extraction: path, correct: right, toolkit: a.toolkit ? JSON.stringify(a.toolkit) : null,
    };
  })), { signal: control?.signal });
}

/**
 * Writes the run and copies its staged units and answers into it in one transaction: all or nothing, and short, since
 * every row was encoded and staged before it began. Its summary is computed after it (refreshCommittedInSlices).
 */
function writeRun(db: Db, stage: ImportStage, name: string, model: string, userId: string | null, config: FrozenConfig, at: string): number {
  return db.transaction(() => {
    const runId = insertRun(db, {
      name, datasetId: config.selection.datasetId, kind: 'model', endpoint: 'imported', model, config, configHash: configHash(config),
      status: 'done', userId, createdAt: at, finishedAt: at,
    });
    stage.copyInto(runId, at);
    return runId;
  })();
}

/** Stages the answers, then writes the run; the stage is dropped however that ends. */
async function storeRun(
  db: Db, name: string, model: string, userId: string | null, config: FrozenConfig, matched: readonly Matched[], readings: readonly Reading[], at: string,
  control?: JobControl,
): Promise<number> {
  const stage = openImportStage(db);
  try {
    await stageAnswers(stage, matched, readings, control);
    if (control?.signal.aborted) throw new AppError('cancelled', 'cancelled; nothing was stored');
    return writeRun(db, stage, name, model, userId, config, at);
  } finally {
    if (db.open) stage.drop();
  }
}

function refuseUnmatched(file: string, unmatched: readonly Unmatched[]): never {
  const first = unmatched[0]!;
  const more = unmatched.length > 1 ? ` (and ${unmatched.length - 1} more rows that match no question; import with skip-unmatched to keep the rest and list them)` : '';
  throw fail(file, first.where, `${first.reason}${more}`);
}

/**
 * Scores a model-output file inside a project: every answer is matched to a question of the dataset and read with the
 * same rules as a live run (no judge: there is no endpoint to ask), in one transaction. An answer that matches no
 * question refuses the whole file with the row at fault, unless the caller asked to skip (and list) such rows; a
 * question answered twice always refuses it. A toolkit's own verdicts are kept beside ours. The replies are read
 * and staged before the transaction, in slices, so other callers are served meanwhile; `control` reports that as a job.
 */
export async function importPredictions(db: Db, input: Input, userId: string | null, now: Date, control?: JobControl) {
  const dataset = datasetName(db, input.datasetId);
  if (!dataset) throw new AppError('not_found', `dataset ${input.datasetId} does not exist`);
  const format: Format = input.format === 'auto' ? detectPredictionFormat(input.path) : input.format === 'table' ? 'vlmevalkit' : input.format;
  const answers = await readAnswers(input, format, control?.signal);
  if (answers.length === 0) throw fail(input.path, 'file', 'no predictions');
  const { matched, unmatched } = await matchAnswers(db, dataset, answers, input.path, control?.signal);
  if (unmatched.length > 0 && (!input.skipUnmatched || matched.length === 0)) refuseUnmatched(input.path, unmatched);

  const config = importedConfig(dataset.id, matched, input.path, format, answers.length);
  const name = input.name?.trim() || `${input.model} · ${dataset.name} · imported`;
  const readings = await readMatched(matched, control);
  const runId = await storeRun(db, name, input.model, userId, config, matched, readings, now.toISOString(), control);
  // The summary costs more than the write (0.1 s at 4,096 answers): worked out a page at a time, callers served between.
  await nextTurn();
  if (db.open) await refreshCommittedInSlices(db, runId);
  const correct = readings.filter((r) => r.right).length;
  await nextTurn();
  return { runId, predictions: matched.length, correct, format, unmatched, toolkit: toolkitComparison(db, runId) };
}
