import type { Option, RunConfigParsed, RunStatus, RunSummary } from '@shared/contract';
import { questionCircularPlan } from '@shared/scoring/circular-file';
import { runEnding } from '@shared/domain/run-ending';
import type { Db } from '../db/open';
import type { LiveInfo } from '../engine/stats';
import { AppError } from '../errors';
import { readAnswer, readMeta, readOptions } from '../items/columns';
import { storedRunCounts, summaryChanged, type StoredCounts } from './summary-hook';
import { configHash, type FrozenConfig } from './config';
import { leaseStands } from './lease';
import { runCounts } from './counts';
import {
  deleteRunRow, insertRun, runConfig, setRunOptimization, summaryRow, summaryRows, unfinishedRunWithHash, unitCount, unitInserter, updateRunStatus,
  type RunRow, type SummaryRow,
} from './store/runs';
import { datasetName, selectQuestions, type SelectedQuestion } from './store/questions';

/** The runs table's logic: a run's units planned and written, its status, and the run list's rows. */

export interface PlannedUnit { questionId: number; pass: number; options: Option[]; answer: string[]; flag: string | null }

/**
 * A full-intervention VRP variant draws its options into its image, in their original order, and is sent as that image
 * alone: CircularEval would rotate the gold while the drawn options stay put, so a perfect reader would score 0%.
 * The combination is refused (METHODS §6.5); without images the options travel as text, rotate, and are allowed.
 */
function refuseDrawnOptions(questions: readonly SelectedQuestion[], mode: { circular: boolean; images: boolean }): void {
  if (!mode.circular || !mode.images) return;
  const drawn = questions.filter((q) => q.vrp_level === 'full' && q.type === 'multiple-choice').length;
  if (drawn === 0) return;
  throw new AppError('invalid_input', `CircularEval cannot rotate the options of ${drawn} full-intervention VRP variant${drawn === 1 ? '' : 's'}: `
    + 'their options are drawn in the image in one order, so a rotated answer would not match them. Run without CircularEval, '
    + 'withhold images, or choose a dataset of variants generated without the full level.');
}

/**
 * Expands questions into the requests a run makes: k rotated passes per question under CircularEval, or the copies of
 * the circular file the question came from, or N trials of the same request (VRPTest's repeated trials, METHODS §6.6:
 * pass = trial).
 */
export function planUnits(questions: readonly SelectedQuestion[], mode: { circular: boolean; images: boolean; trials?: number }): PlannedUnit[] {
  refuseDrawnOptions(questions, mode);
  const circular = mode.circular;
  const trials = mode.trials ?? 1;
  // A pass is either a rotation or a trial; a question scored by all rotations and by a vote at once has no agreed
  // meaning in either source (DECISIONS 204).
  if (circular && trials > 1) throw new AppError('invalid_input', 'repeated trials and CircularEval cannot be combined: choose one');
  const units: PlannedUnit[] = [];
  for (const q of questions) {
    const options = readOptions(q.options);
    const answer = readAnswer(q.answer);
    if (trials > 1) {
      for (let pass = 0; pass < trials; pass++) units.push({ questionId: q.id, pass, options, answer, flag: null });
    } else if (circular && q.type === 'multiple-choice') {
      const plan = questionCircularPlan(options, answer, readMeta(q.meta));
      for (const p of plan.passes) units.push({ questionId: q.id, pass: p.pass, options: p.options, answer: p.answer, flag: plan.flag });
    } else {
      units.push({ questionId: q.id, pass: 0, options, answer, flag: null });
    }
  }
  return units;
}

export function createRun(db: Db, input: RunConfigParsed, config: FrozenConfig, userId: string | null, now: Date): number {
  const dataset = datasetName(db, input.datasetId)?.name;
  if (dataset === undefined) throw new AppError('not_found', `dataset ${input.datasetId} does not exist`);
  const units = planUnits(selectQuestions(db, config.selection), config);
  if (units.length === 0) throw new AppError('invalid_input', 'the selection has no questions; widen the roles or the filter');
  const model = config.endpoint?.model ?? input.model;
  const name = input.name?.trim() || `${input.model} · ${dataset}${config.circular ? ' · circular' : ''}${config.images ? '' : ' · no images'}`;
  return db.transaction(() => {
    const id = insertRun(db, {
      name, datasetId: input.datasetId, kind: config.kind, endpoint: input.model, model, config, configHash: configHash(config),
      status: 'pending', userId, createdAt: now.toISOString(), finishedAt: null,
    });
    const insert = unitInserter(db);
    units.forEach((u, i) => insert(id, i, u));
    return id;
  })();
}

/** An unfinished run with exactly this configuration, so `anchor eval` run twice continues instead of starting over. */
export function findResumable(db: Db, config: FrozenConfig): number | null {
  return unfinishedRunWithHash(db, configHash(config));
}

/** A run that settles (done, paused, failed, cancelled) gets its summary in the same transaction (runs/summary-hook). */
export function setRunStatus(db: Db, id: number, status: RunRow['status'], error: string | null, now: Date | null): void {
  db.transaction(() => {
    updateRunStatus(db, id, status, error, now?.toISOString() ?? null);
    summaryChanged(db, id);
  })();
}

export type { LiveInfo } from '../engine/stats';

/** A run's counters from its fresh stored summary, else from its own rows. */
function countsOf(db: Db, id: number, stored: ReadonlyMap<number, StoredCounts>): StoredCounts {
  const found = stored.get(id);
  if (found) return found;
  return { ...runCounts(db, id), units: unitCount(db, id) };
}

/**
 * The process executing the run when it is not this one: its lease is still valid, and a holder on this machine whose
 * process is gone (killed, crashed) is not shown running for the rest of its lease (issue 32 item 6).
 */
function executorOf(r: Pick<SummaryRow, 'lease_pid' | 'lease_host' | 'lease_since' | 'lease_expires'>, live: LiveInfo | null, nowMs: number): RunSummary['executor'] {
  if (live || r.lease_pid === null || r.lease_expires === null) return null;
  if (!leaseStands({ pid: r.lease_pid, host: r.lease_host ?? '', expires: r.lease_expires }, nowMs)) return null;
  return { pid: r.lease_pid, host: r.lease_host ?? '', since: r.lease_since ?? '' };
}

/** The status people see: executed elsewhere is live there; "running" in the file with nobody holding it was interrupted. */
export function shownStatus(r: Pick<SummaryRow, 'status' | 'kind' | 'lease_pid' | 'lease_host' | 'lease_since' | 'lease_expires'>, live: LiveInfo | null, nowMs: number) {
  const executor = executorOf(r, live, nowMs);
  const status: RunStatus = executor ? 'running' : r.status === 'running' && !live && r.kind !== 'human' ? 'interrupted' : r.status;
  return { status, executor };
}

/** Why a run failed: its recorded reason, or, for a run whose every request failed without one, that fact. */
function endingReason(error: string | null, status: RunStatus, c: StoredCounts): string | null {
  if (error !== null || runEnding({ status, answered: c.answered, errors: c.errors }) !== 'failed') return error;
  return `every request failed (${c.errors}); each question's error is on its row`;
}

function toSummary(r: SummaryRow, c: StoredCounts, live: LiveInfo | null, nowMs: number): RunSummary {
  const config = runConfig(r);
  const { status, executor } = shownStatus(r, live, nowMs);
  return {
    id: r.id, name: r.name, datasetId: r.dataset_id, datasetName: r.dataset_name, kind: r.kind, model: r.model, endpoint: r.endpoint,
    templateName: config.template.name, templateHash: config.templateHash, circular: config.circular, images: config.images,
    vrpClarification: config.vrpClarification ?? false, trials: config.trials ?? 1,
    status, ending: runEnding({ status, answered: c.answered, errors: c.errors }), error: endingReason(r.error, status, c),
    createdAt: r.created_at, finishedAt: r.finished_at, units: c.units,
    answered: c.answered, errors: c.errors, correct: c.correct, failedExtraction: c.failed, cached: c.cached,
    tokensIn: c.tokensIn, tokensOut: c.tokensOut, cost: c.cost, live, executor,
  };
}

/** Runs people started; the few-shot runs a TP-Eval optimisation makes are listed with the optimisation instead. */
export function listRuns(db: Db, live: (id: number) => LiveInfo | null, nowMs: number): RunSummary[] {
  const rows = summaryRows(db);
  const stored = storedRunCounts(db);
  return rows.map((r) => toSummary(r, countsOf(db, r.id, stored), live(r.id), nowMs));
}

export function runSummary(db: Db, id: number, live: LiveInfo | null, nowMs: number): RunSummary {
  const row = summaryRow(db, id);
  if (!row) throw new AppError('not_found', `run ${id} does not exist`);
  return toSummary(row, countsOf(db, id, storedRunCounts(db, id)), live, nowMs);
}

export function deleteRun(db: Db, id: number): boolean {
  return deleteRunRow(db, id);
}

/**
 * Creates a few-shot run of a TP-Eval optimisation in one transaction: a crash in between must not leave it in the
 * Runs list.
 */
export function createOptimizationRun(db: Db, input: RunConfigParsed, config: FrozenConfig, userId: string | null, now: Date, optimizationId: number): number {
  return db.transaction(() => {
    const created = createRun(db, input, config, userId, now);
    setRunOptimization(db, created, optimizationId);
    return created;
  })();
}

// What other domains read of runs, so they need not import the runs' store.
export { runConfig, runRow, type RunRow } from './store/runs';
export { selectQuestions } from './store/questions';
