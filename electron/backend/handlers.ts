import type { BackendState } from './state';
import { AppError } from './errors';
import type { Handlers } from './dispatch';
import { promptPresets } from '@shared/prompts/templates';
import { testEndpoint } from './endpoints/test-endpoint';
import { deleteRun, runRow } from './runs/store';
import { correctPrediction, getPrediction, listPredictions } from './runs/predictions';
import { nextHumanQuestion } from './runs/human';
import { importPredictions } from './runs/import-predictions';
import { rereadRun } from './runs/reread';
import { toolkitComparison } from './runs/toolkit/compare';
import { teamHandlers } from './team/handlers';
import { vrpHandlers } from './vrp/handlers';
import { optimizeHandlers } from './tpeval/handlers';
import { requireReadablePath } from './uploads';
import { appHandlers } from './app-handlers';
import { datasetHandlers } from './datasets/handlers';
import { itemHandlers } from './items/handlers';
import { transferHandlers } from './transfer/handlers';
import { reportHandlers } from './reports/handlers';
import { callerReadRules } from './team/read-rules';

/** Every contract method's implementation, merged from the domains' maps; the mapped type makes a missing one a compile error. */
export function createHandlers(state: BackendState): Handlers {
  const db = () => state.requireProject().db;
  const domain = state.domainContext();

  return {
    'endpoints.list': () => state.endpoints.list(),
    'endpoints.save': ({ endpoint, apiKey, previousName }) => state.endpoints.save(endpoint, apiKey, previousName),
    'endpoints.delete': ({ name }) => ({ deleted: state.endpoints.delete(name) }),
    'endpoints.test': ({ name }) => testEndpoint(state.endpoints, name),

    'runs.templates': () => [...promptPresets],
    'runs.plan': (input) => state.runs.plan(input),
    'runs.start': (input, ctx) => {
      const { runId, jobId } = state.runs.start(input, ctx.userId);
      return { runId, jobId };
    },
    'runs.list': () => state.runs.list(),
    'runs.get': ({ id }) => state.runs.get(id),
    'runs.pause': ({ id }) => state.runs.pause(id),
    'runs.cancel': ({ id }) => state.runs.cancel(id),
    'runs.resume': ({ id }) => {
      const { runId, jobId } = state.runs.resume(id);
      return { runId, jobId };
    },
    'runs.retryErrors': ({ id }) => {
      const { runId, jobId } = state.runs.resume(id, 'errors');
      return { runId, jobId };
    },
    'runs.delete': ({ id }) => {
      if (state.runs.isLive(id)) throw new AppError('conflict', `run ${id} is running; pause or cancel it first`);
      state.runs.refuseIfHeldElsewhere(id);
      runRow(db(), id);
      return { deleted: deleteRun(db(), id) };
    },
    'runs.predictions': ({ runId: id, offset, limit, ...filter }) => listPredictions(db(), id, filter, offset, limit),
    'runs.prediction': ({ id }) => getPrediction(db(), id),
    'runs.correct': ({ id, label }, ctx) => correctPrediction(db(), id, label, ctx.userId, state.now().toISOString()),
    'runs.nextHuman': ({ id }) => nextHumanQuestion(db(), id),
    'runs.answer': ({ runId: id, questionId, pass, label }) => state.runs.answer(id, questionId, pass, label),

    'runs.importPredictions': (input, ctx) => {
      requireReadablePath(state.dataDir, ctx, input.path);
      if (input.judgePath) requireReadablePath(state.dataDir, ctx, input.judgePath);
      return importPredictions(db(), input, ctx.userId, state.now());
    },
    'runs.reread': ({ id }, ctx) => rereadRun(db(), id, ctx.userId, state.now()),
    'runs.toolkit': ({ id }) => toolkitComparison(db(), id),
    ...appHandlers(state),
    ...datasetHandlers(domain),
    ...itemHandlers(domain, callerReadRules(domain.db)),
    ...transferHandlers(domain),
    ...reportHandlers(state.reports, domain, state.version),
    ...teamHandlers(state.teamContext()),
    ...vrpHandlers(domain),
    ...optimizeHandlers(state),
  };
}
