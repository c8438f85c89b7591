import { createHash } from 'node:crypto';
import { runConfigInputSchema, visualCheckTitle, type RunConfigParsed, type RunSummary, type VisualCheckParsed, type VisualRunReadings } from '@shared/contract';
import type { Db } from '../db/open';
import { findDataset } from '../datasets/datasets';
import type { EndpointStore } from '../endpoints/endpoints';
import { AppError } from '../errors';
import type { JobControl, JobRegistry } from '../jobs/registry';
import { datasetQuestions, datasetReadings, runOutcomes, savePanel, saveReadings, type CheckedQuestionRow } from './store/visual';
import { pickRuns, takeRunReadings } from './visual-runs';

/**
 * What the check uses of the runs (`RunManager`, which stands on a floor above this one and is handed in by the
 * backend): a run started over the questions to ask, awaited, and cancelled with the check; a run ticked, as listed.
 */
export interface VisualRuns {
  start(input: RunConfigParsed, userId: string | null): { runId: number };
  get(id: number): RunSummary;
  settled(id: number): Promise<void>;
  cancel(id: number): Promise<unknown>;
}

export interface VisualDeps {
  db: Db;
  runs: VisualRuns;
  jobs: JobRegistry;
  endpoints: Pick<EndpointStore, 'get'>;
  now: () => Date;
}

/** MMStar's text-only protocol, word for word: its system message and two worked examples (METHODS §11). */
export const BLIND_TEMPLATE = 'mmstar-llm-2shot';
/** Vision models are asked as VLMEvalKit asks a multiple-choice question, the image first. */
export const VISION_TEMPLATE = 'vlmevalkit-mcq';

/** What is asked of a question, so a revised question (text, hint, options, answer or images) is asked again. */
export function fingerprintOf(q: CheckedQuestionRow): string {
  return createHash('sha256').update(JSON.stringify([q.type, q.text, q.hint, q.options, q.answer, q.images])).digest('hex');
}

export interface Asked { model: string; images: boolean }

/** Part of a dataset checked on its own (a drafted triplet before submission, METHODS §10), named in its runs. */
export interface CheckScope { itemIds: ReadonlySet<number>; label: string }

/** A check started: its job, the job's end, and what each ticked run gave. */
export interface VisualCheckStart { jobId: string; done: Promise<void>; fromRuns: VisualRunReadings[] }

/**
 * Starts the check as a job: the runs ticked are counted as their endpoints' readings and join the panel, the panel is
 * kept for the dataset, then every model is asked, at once, the questions it has no reading of for their current text.
 * Endpoints and runs are checked first, so a misspelt one starts nothing.
 */
export function startVisualCheck(deps: VisualDeps, input: VisualCheckParsed, userId: string | null): VisualCheckStart {
  const dataset = findDataset(deps.db, input.datasetId);
  const names = [...input.textOnly, ...input.vision, ...(input.judge ? [input.judge] : [])];
  for (const name of names) deps.endpoints.get(name);
  const picked = pickRuns(deps.db, (id) => deps.runs.get(id), dataset.id, input.runs);
  const side = (images: boolean) => picked.filter((r) => r.images === images).map((r) => r.endpoint);
  const panel = {
    textOnly: [...new Set([...input.textOnly, ...side(false)])], vision: [...new Set([...input.vision, ...side(true)])], threshold: input.threshold,
  };
  if (panel.textOnly.length === 0) throw new AppError('invalid_input', 'the check needs a text-only model: pick a text-only endpoint or a run made without the image');
  savePanel(deps.db, dataset.id, panel, deps.now().toISOString());
  const fingerprints = new Map(datasetQuestions(deps.db, dataset.id).map((q) => [q.id, fingerprintOf(q)]));
  const fromRuns = takeRunReadings(deps.db, dataset.id, picked, fingerprints, deps.now().toISOString());
  const asked: Asked[] = [...new Set(input.textOnly)].map((model) => ({ model, images: false }))
    .concat([...new Set(input.vision)].map((model) => ({ model, images: true })));
  const { job, done } = deps.jobs.start('visual-check', visualCheckTitle(dataset.name), 'models', async (control) => {
    let done = 0;
    control.progress(0, asked.length);
    await Promise.all(asked.map(async (a) => {
      await askModel(deps, input, a, userId, control);
      control.progress(++done, asked.length, `${a.model} ${a.images ? 'with' : 'without'} the image`);
    }));
    if (control.signal.aborted) throw new AppError('cancelled', 'cancelled; every reading received so far is kept');
  });
  return { jobId: job.id, done, fromRuns };
}

/** The questions a model has no reading of for their current text, with every question's fingerprint. */
export function staleQuestions(
  db: Db, datasetId: number, asked: Asked, scope?: CheckScope,
): { stale: CheckedQuestionRow[]; fingerprints: Map<number, string> } {
  const mine = datasetReadings(db, datasetId).filter((r) => r.model === asked.model && (r.images === 1) === asked.images);
  const kept = new Map(mine.map((r) => [r.question_id, r.fingerprint]));
  const questions = datasetQuestions(db, datasetId).filter((q) => !scope || scope.itemIds.has(q.item_id));
  const fingerprints = new Map(questions.map((q) => [q.id, fingerprintOf(q)]));
  return { stale: questions.filter((q) => kept.get(q.id) !== fingerprints.get(q.id)), fingerprints };
}

/**
 * Asks one model, as one run over the items of the questions it has no current reading of (the run's response cache
 * answers the item's other questions without a request), and keeps each first-pass reading with the fingerprint the
 * question had before the run started (of the items of `scope` only, when given). Requests that failed leave no
 * reading, so the next check asks them again.
 */
export async function askModel(
  deps: VisualDeps, input: VisualCheckParsed, asked: Asked, userId: string | null, control: JobControl, scope?: CheckScope,
): Promise<void> {
  const { db } = deps;
  const { stale, fingerprints } = staleQuestions(db, input.datasetId, asked, scope);
  if (stale.length === 0 || control.signal.aborted) return;
  const config = runConfigInputSchema.parse({
    name: `Visual-dependency check${scope ? ` of ${scope.label}` : ''}: ${asked.model} ${asked.images ? 'with' : 'without'} the image`,
    datasetId: input.datasetId, model: asked.model, images: asked.images, judge: input.judge, triplets: 'drafts',
    templateId: asked.images ? VISION_TEMPLATE : BLIND_TEMPLATE, filter: { itemIds: [...new Set(stale.map((q) => q.item_id))] },
  });
  const { runId } = deps.runs.start(config, userId);
  const stop = () => void deps.runs.cancel(runId).catch(() => undefined);
  control.signal.addEventListener('abort', stop, { once: true });
  try {
    await deps.runs.settled(runId);
  } finally {
    control.signal.removeEventListener('abort', stop);
  }
  const readings = runOutcomes(db, runId).filter((r) => fingerprints.has(r.question_id))
    .map((r) => ({ ...r, model: asked.model, images: asked.images, fingerprint: fingerprints.get(r.question_id)!, runId }));
  saveReadings(db, readings, deps.now().toISOString());
}
