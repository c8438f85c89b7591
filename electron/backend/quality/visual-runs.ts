import type { RunSummary, VisualRunReadings } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { datasetRuns, runAnswers, runAskedElsewhere } from './store/run-readings';
import { datasetReadings, saveReadings, type ReadingRow } from './store/visual';

/** A run ticked for the check, as its summary says: whose readings, on which side, with which template. */
export type PickedRun = Pick<RunSummary, 'id' | 'name' | 'endpoint' | 'images' | 'templateName' | 'createdAt'>;

/** Why the check cannot count a run, or null when it can (DECISIONS 263). */
function refusal(db: Db, run: RunSummary, datasetId: number): AppError | null {
  const named = `run ${run.id} (${run.name})`;
  if (run.datasetId !== datasetId) return new AppError('invalid_input', `${named} is of dataset "${run.datasetName}", not of the dataset checked`);
  if (run.status === 'running' || run.status === 'pending') return new AppError('conflict', `${named} is still ${run.status}: wait for it to end, or leave it out`);
  if (run.kind !== 'model') {
    return new AppError('invalid_input', `${named} is ${run.kind === 'human' ? 'a person\'s answers' : 'a random-guess baseline'}, not a model's readings`);
  }
  if (run.trials > 1) {
    return new AppError('invalid_input', `${named} asked each question ${run.trials} times and scores their vote; the check keeps one reading per model and question`);
  }
  const elsewhere = runAskedElsewhere(db, run.id);
  if (elsewhere === 'imported') return new AppError('invalid_input', `${named} was scored from a model-output file: what was asked, and whether with the image, is not known`);
  if (elsewhere === 'reread') return new AppError('invalid_input', `${named} re-reads another run's replies: pick the run that asked them`);
  return null;
}

/** The runs ticked, each checked before anything is kept, so one the check cannot count starts nothing. */
export function pickRuns(db: Db, get: (id: number) => RunSummary, datasetId: number, ids: readonly number[]): PickedRun[] {
  return [...new Set(ids)].map((id) => {
    const run = get(id);
    const refused = refusal(db, run, datasetId);
    if (refused) throw refused;
    return run;
  });
}

const keyOf = (questionId: number, model: string, images: boolean) => `${questionId}\u0000${model}\u0000${images ? 1 : 0}`;

/** When each kept reading of the questions' current text was made (its run's creation; '' when the run is gone). */
function keptTimes(db: Db, datasetId: number, fingerprints: ReadonlyMap<number, string>, made: ReturnType<typeof datasetRuns>): Map<string, string> {
  const current = datasetReadings(db, datasetId).filter((r) => r.fingerprint === fingerprints.get(r.question_id));
  return new Map(current.map((r) => [keyOf(r.question_id, r.model, r.images === 1), (r.run_id === null ? undefined : made.get(r.run_id)?.createdAt) ?? '']));
}

/**
 * Keeps the ticked runs' answers as readings of their endpoints (DECISIONS 261-262): an answer to a question revised
 * since its run was made is stale and not counted; of two current readings of one question by one endpoint on one side,
 * the one from the newer run stands, whether kept before or ticked now. Returns what each run gave, in the order ticked.
 */
export function takeRunReadings(db: Db, datasetId: number, picked: readonly PickedRun[], fingerprints: ReadonlyMap<number, string>,
  now: string): VisualRunReadings[] {
  const times = keptTimes(db, datasetId, fingerprints, datasetRuns(db, datasetId));
  const taken = new Map<string, { run: PickedRun; row: Omit<ReadingRow, 'images' | 'run_id'> }>();
  const counts = new Map(picked.map((run) => [run.id, {
    runId: run.id, name: run.name, model: run.endpoint, images: run.images, template: run.templateName, taken: 0, stale: 0, superseded: 0,
  }]));
  for (const run of [...picked].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)) {
    const count = counts.get(run.id)!;
    for (const a of runAnswers(db, run.id)) {
      const fingerprint = fingerprints.get(a.question_id);
      if (!a.current || fingerprint === undefined) { count.stale++; continue; }
      const key = keyOf(a.question_id, run.endpoint, run.images);
      if ((times.get(key) ?? '') > run.createdAt) { count.superseded++; continue; }
      const before = taken.get(key);
      if (before) { counts.get(before.run.id)!.taken--; counts.get(before.run.id)!.superseded++; }
      taken.set(key, { run, row: { question_id: a.question_id, model: run.endpoint, fingerprint, outcome: a.outcome } });
      count.taken++;
    }
  }
  saveReadings(db, [...taken.values()].map(({ run, row }) => ({ ...row, images: run.images, runId: run.id })), now);
  return [...counts.values()];
}
