import type { MethodName } from '@shared/contract';
import { promptPresets } from '@shared/prompts/templates';
import type { Db } from '../db/open';
import type { Handlers } from '../dispatch';
import { AppError } from '../errors';
import { importPredictions } from './import-predictions';
import { nextHumanQuestion } from './human';
import type { RunManager } from './manager';
import { correctPrediction, getPrediction, listPredictions } from './predictions';
import { rereadRun } from './reread';
import { deleteRun, runRow } from './runs';
import { toolkitComparison } from './toolkit/compare';

type RunsMethod = Extract<MethodName, `runs.${string}`>;
type CallContext = Parameters<Handlers['runs.importPredictions']>[1];

/** What the runs' methods use of the backend, passed in by the file that merges the handlers. */
export interface RunsContext {
  db: () => Db;
  runs: RunManager;
  now: () => Date;
  /** Refuses a path a remote caller may not read (only uploads), before anything opens it. */
  requireReadable: (ctx: CallContext, path: string) => void;
}

/** Runs and their predictions: start, pause, resume, read, correct, import and re-read. */
export function runsHandlers({ db, runs, now, requireReadable }: RunsContext): Pick<Handlers, RunsMethod> {
  const restart = (input: { id: number; acceptEndpointChange: boolean }, which: 'unanswered' | 'errors', ctx: CallContext) => {
    // Endpoints are the owner's settings (as endpoints.save is): only the owner says a run may go on with changed ones.
    if (input.acceptEndpointChange && ctx.remote) throw new AppError('forbidden', 'only the machine\'s owner can accept an endpoint change for a run');
    const { runId, jobId } = runs.resume(input.id, which, input.acceptEndpointChange, ctx.userId);
    return { runId, jobId };
  };
  return {
    'runs.templates': () => [...promptPresets],
    'runs.plan': (input) => runs.plan(input),
    'runs.start': (input, ctx) => {
      const { runId, jobId } = runs.start(input, ctx.userId);
      return { runId, jobId };
    },
    'runs.list': () => runs.list(),
    'runs.get': ({ id }) => runs.get(id),
    'runs.pause': ({ id }) => runs.pause(id),
    'runs.cancel': ({ id }) => runs.cancel(id),
    'runs.resume': (input, ctx) => restart(input, 'unanswered', ctx),
    'runs.retryErrors': (input, ctx) => restart(input, 'errors', ctx),
    'runs.delete': ({ id }) => {
      if (runs.isLive(id)) throw new AppError('conflict', `run ${id} is running; pause or cancel it first`);
      runs.refuseIfHeldElsewhere(id);
      runRow(db(), id);
      return { deleted: deleteRun(db(), id) };
    },
    'runs.predictions': ({ runId: id, offset, limit, ...filter }) => listPredictions(db(), id, filter, offset, limit),
    'runs.prediction': ({ id }) => getPrediction(db(), id),
    'runs.correct': ({ id, label }, ctx) => correctPrediction(db(), id, label, ctx.userId, now().toISOString()),
    'runs.nextHuman': ({ id }) => nextHumanQuestion(db(), id),
    'runs.answer': ({ runId: id, questionId, pass, label }) => runs.answer(id, questionId, pass, label),
    'runs.importPredictions': (input, ctx) => {
      requireReadable(ctx, input.path);
      if (input.judgePath) requireReadable(ctx, input.judgePath);
      return importPredictions(db(), input, ctx.userId, now());
    },
    'runs.reread': ({ id }, ctx) => rereadRun(db(), id, ctx.userId, now()),
    'runs.toolkit': ({ id }) => toolkitComparison(db(), id),
  };
}
