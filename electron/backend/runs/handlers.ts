import type { MethodName } from '@shared/contract';
import { promptPresets } from '@shared/prompts/templates';
import type { HandlerContext } from '../context';
import { basename } from 'node:path';
import type { Handlers } from '../dispatch';
import { AppError } from '../errors';
import { importPredictions } from './import-predictions';
import { nextHumanQuestion } from './human';
import type { RunManager } from './manager';
import { correctPrediction, getPrediction, listPredictions } from './predictions';
import {
  callerRules, readableToolkitRows, refuseOpenHumanRun, requireQuestionReadable, withheldScores, type RunReadRules,
} from './read-rules';
import { rereadRun } from './reread';
import { exportRunResults, exportRunResultsFile } from './results/export';
import { deleteRun, runRow } from './runs';
import { toolkitComparison } from './toolkit/compare';

type RunsMethod = Extract<MethodName, `runs.${string}`>;
type CallContext = Parameters<Handlers['runs.importPredictions']>[1];

/** The runs' handlers' context (context.ts) with the services they use. */
export type RunsContext = HandlerContext<{
  runs: RunManager;
  /** Refuses a path a remote caller may not read (only uploads), before anything opens it. */
  requireReadable: (ctx: CallContext, path: string) => void;
  /** What the caller may read of triplet drafts and of open human baselines (the team's rules). */
  readRules: RunReadRules;
}>;

/** Runs and their predictions: start, pause, resume, read, correct, import and re-read. */
export function runsHandlers({ db, runs, jobs, now, requireReadable, readRules }: RunsContext): Pick<Handlers, RunsMethod> {
  const restart = (input: { id: number; acceptEndpointChange: boolean }, which: 'unanswered' | 'errors', ctx: CallContext) => {
    // Endpoints are the owner's settings (as endpoints.save is): only the owner says a run may go on with changed ones.
    if (input.acceptEndpointChange && ctx.remote) throw new AppError('forbidden', 'only the machine\'s owner can accept an endpoint change for a run');
    const { runId, jobId } = runs.resume(input.id, which, input.acceptEndpointChange, ctx.userId);
    return { runId, jobId };
  };
  return {
    'runs.templates': () => [...promptPresets],
    'runs.plan': (input) => runs.plan(input),
    'runs.start': ({ resume, ...config }, ctx) => {
      const { runId, jobId, resumed } = runs.start(config, ctx.userId, resume);
      return { runId, jobId, resumed };
    },
    'runs.list': (_input, ctx) => runs.list().map((r) => withheldScores(r, readRules.everything(ctx))),
    'runs.get': ({ id }, ctx) => withheldScores(runs.get(id), readRules.everything(ctx)),
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
    'runs.predictions': ({ runId: id, offset, limit, ...filter }, ctx) => {
      const { rule, everything } = callerRules(readRules, ctx);
      if (!everything) refuseOpenHumanRun(runs.get(id));
      return listPredictions(db(), id, filter, offset, limit, rule);
    },
    'runs.export': ({ id, format, out }, ctx) => exportRunResults(db(), runs.get(id), format, out, callerRules(readRules, ctx)),
    'runs.exportFile': ({ id, format }, ctx) => exportRunResultsFile(db(), runs.get(id), format, callerRules(readRules, ctx)),
    'runs.prediction': ({ id }, ctx) => {
      const { rule, everything } = callerRules(readRules, ctx);
      return getPrediction(db(), id, rule, (runId) => (everything ? undefined : refuseOpenHumanRun(runs.get(runId))));
    },
    'runs.correct': ({ id, label }, ctx) => correctPrediction(db(), id, label, ctx.userId, now().toISOString()),
    'runs.nextHuman': ({ id }, ctx) => nextHumanQuestion(db(), id, readRules.questions(ctx)),
    'runs.answer': ({ runId: id, questionId, pass, label }, ctx) => {
      const { rule, everything } = callerRules(readRules, ctx);
      requireQuestionReadable(db(), questionId, rule);
      return withheldScores(runs.answer(id, questionId, pass, label), everything);
    },
    'runs.importPredictions': (input, ctx) => {
      requireReadable(ctx, input.path);
      if (input.judgePath) requireReadable(ctx, input.judgePath);
      const project = db();
      return jobs.start('import-predictions', `Scoring ${basename(input.path)}`, 'predictions', (control) => importPredictions(project, input, ctx.userId, now(), control)).done;
    },
    'runs.reread': ({ id }, ctx) => {
      const project = db();
      return jobs.start('reread', `Re-reading run ${id}`, 'predictions', (control) => rereadRun(project, id, ctx.userId, now(), control)).done;
    },
    'runs.toolkit': ({ id }, ctx) => readableToolkitRows(db(), toolkitComparison(db(), id), readRules.questions(ctx)),
  };
}
