import type { GradeInput } from '@shared/contract';
import { DEFAULT_GRADE_REPEATS, GRADE_MAX_TOKENS } from '@shared/scoring/graded';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/endpoints';
import { AppError } from '../errors';
import type { RetryPolicy } from '../engine/ask';
import { ResponseCache } from '../engine/cache';
import { askGrade } from '../engine/grade';
import { judgeFor } from '../engine/reply';
import type { Judge } from '../engine/judge';
import type { JobControl } from '../jobs/registry';
import { runRow } from '../runs/runs';
import { gradingRow, insertGrade, insertGrading, setGradingStatus, targetRows } from './store';
import { gradeTargets, type GradeTarget } from './targets';

export interface GradingDeps {
  db: Db;
  endpoints: EndpointStore;
  now: () => Date;
  retry: RetryPolicy;
}

/** A new grading of a run's graded questions; refused when the run has none. */
export function createGrading(deps: GradingDeps, input: GradeInput, userId: string | null): number {
  runRow(deps.db, input.runId);
  const endpoint = deps.endpoints.get(input.grader);
  const targets = gradeTargets(targetRows(deps.db, input.runId));
  if (targets.length === 0) {
    throw new AppError('invalid_input', `run ${input.runId} has no graded open answers (questions scored "graded", such as MM-Vet's)`);
  }
  const { apiKeyEnv: _key, ...snapshot } = endpoint;
  return insertGrading(deps.db, {
    runId: input.runId, grader: endpoint.name, model: endpoint.model, endpoint: JSON.stringify(snapshot),
    repeats: input.repeats ?? DEFAULT_GRADE_REPEATS, userId, now: deps.now().toISOString(),
  });
}

/** Every (question, grading run) pair to grade, run by run as MM-Vet's evaluator goes. */
function workOf(targets: readonly GradeTarget[], repeats: number): { target: GradeTarget; repeat: number }[] {
  const answered = targets.filter((t) => t.prediction !== null);
  return Array.from({ length: repeats }, (_, repeat) => answered.map((target) => ({ target, repeat }))).flat();
}

async function gradeAll(deps: GradingDeps, id: number, grader: Judge, control: JobControl): Promise<void> {
  const { db } = deps;
  const row = gradingRow(db, id);
  const work = workOf(gradeTargets(targetRows(db, row.run_id)), row.repeats);
  const cache = new ResponseCache(db);
  const now = () => deps.now().toISOString();
  let next = 0;
  let done = 0;
  control.progress(0, work.length);
  const worker = async () => {
    while (next < work.length && !control.signal.aborted) {
      const { target, repeat } = work[next++]!;
      const ask = {
        instructions: target.instructions, question: target.question, groundTruth: target.groundTruth, prediction: target.prediction!, repeat,
        maxTokens: GRADE_MAX_TOKENS,
      };
      const outcome = await askGrade(grader, ask, cache, deps.retry, control.signal, now);
      insertGrade(db, id, { questionId: target.questionId, repeat, ...outcome }, now());
      control.progress(++done, work.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, grader.endpoint.concurrency) }, worker));
  if (control.signal.aborted) throw new AppError('cancelled', 'cancelled');
}

/** Grades a grading's questions; its status says how it ended. */
export async function runGrading(deps: GradingDeps, id: number, control: JobControl): Promise<void> {
  const { db } = deps;
  const row = gradingRow(db, id);
  const endpoint = deps.endpoints.get(row.grader);
  const grader = judgeFor(endpoint, deps.endpoints.apiKey(endpoint))!;
  try {
    await gradeAll(deps, id, grader, control);
    setGradingStatus(db, id, 'done', null, deps.now().toISOString());
  } catch (error) {
    const cancelled = control.signal.aborted;
    setGradingStatus(db, id, cancelled ? 'cancelled' : 'failed', error instanceof Error ? error.message : String(error), deps.now().toISOString());
    throw error;
  }
}
