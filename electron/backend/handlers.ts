import { basename, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { ParsedInput } from '@shared/contract';
import type { BackendState, CallContext } from './state';
import { AppError } from './errors';
import type { Handlers } from './dispatch';
import { deleteDataset, listDatasets } from './services/datasets';
import { runExport } from './services/exports';
import { defaultDatasetName, runImport } from './services/imports';
import { getItem, itemNeighbours } from './services/items';
import { listQuestions, questionFacets } from './services/questions';
import { buildDemoProject } from './demo/build';
import { checkSummaries } from './reports/summary-doctor';
import { exportRegions, importRegions } from './vrp/regions/scenes';
import { teamHandlers } from './team/handlers';
import { vrpHandlers } from './vrp/handlers';
import { optimizeHandlers } from './tpeval/handlers';
import { endpointsHandlers } from './endpoints/handlers';
import { runsHandlers } from './runs/handlers';
import { requireReadablePath } from './uploads';
import { actorOf } from './team/users';
import { readableItem } from './team/read-rules';

/** Anyone may see which project is open; only the machine's owner sees where it lives on the server. */
function projectInfoFor(state: BackendState, ctx: CallContext) {
  const info = state.project?.info() ?? null;
  return info && ctx.remote ? { ...info, path: basename(info.path) } : info;
}

/** Every contract method's implementation; the mapped type makes a missing one a compile error. */
export function createHandlers(state: BackendState): Handlers {
  const db = () => state.requireProject().db;
  const readerOf = (ctx: CallContext) => (ctx.userId === null ? null : actorOf(db(), ctx.userId));

  const startImport = (input: ParsedInput<'imports.run'>, ctx: CallContext) => {
    for (const file of input.files) requireReadablePath(state.dataDir, ctx, file);
    const session = state.requireProject();
    const title = `Import ${input.dataset ?? defaultDatasetName(input.files)}`;
    const started = state.jobs.start('import', title, '%', (control) =>
      runImport(session.path, input, control, {
        title, startedAt: state.now().toISOString(), now: state.now, userId: ctx.userId,
      }).then((result) => {
        state.events.changed(['datasets', 'questions', 'items']);
        return result;
      }),
    );
    return started;
  };

  return {
    'app.info': (_input, ctx) => ({ version: state.version, project: projectInfoFor(state, ctx), desktop: state.desktop }),

    'projects.open': ({ path }) => state.openProject(path),
    'projects.create': ({ path }) => state.createProject(path),
    'projects.openDemo': async () => {
      const path = join(state.dataDir, 'demo.anchor');
      if (!existsSync(path)) await buildDemoProject(path, state.resourcesDir, state.now);
      return state.openProject(path, true);
    },
    'projects.recent': () => state.recent.list(),

    'datasets.list': () => listDatasets(db()),
    'datasets.delete': ({ id }, ctx) => ({ deleted: deleteDataset(db(), id, ctx.userId, state.now()) }),

    'questions.list': ({ offset, limit, ...filter }, ctx) => listQuestions(db(), filter, offset, limit, readerOf(ctx)),
    'questions.facets': ({ datasetId }) => questionFacets(db(), datasetId),

    'items.get': ({ id }, ctx) => readableItem(db(), getItem(db(), id), readerOf(ctx)),
    'items.neighbours': ({ id }) => itemNeighbours(db(), id),

    'imports.start': (input, ctx) => ({ jobId: startImport(input, ctx).job.id }),
    'imports.run': (input, ctx) => startImport(input, ctx).done,
    'exports.run': (input) => runExport(db(), input),

    'jobs.list': () => state.jobs.list(),
    'jobs.get': ({ id }) => {
      const job = state.jobs.get(id);
      if (!job) throw new AppError('not_found', `no job ${id} in this session`);
      return job;
    },
    'jobs.cancel': ({ id }) => ({ cancelled: state.jobs.cancel(id) }),

    // Region files are paths on this machine: the export is the owner's (contract); remotely an import reads uploads only.
    'regions.export': ({ datasetId, format, out }) => exportRegions(db(), datasetId, format, resolve(out)),
    'regions.import': ({ datasetId, path, format }, ctx) => {
      requireReadablePath(state.dataDir, ctx, path);
      return importRegions(db(), datasetId, resolve(path), format, ctx.userId, state.now());
    },

    'reports.run': ({ id }) => state.reports.run(id),
    'reports.drill': (input) => state.reports.drill(input),
    'reports.compare': (input) => state.reports.compare(input),
    'reports.seeing': (input) => state.reports.seeing(input),
    'reports.leaderboard': (input) => state.reports.leaderboard(input),
    'reports.vrp': ({ datasetId }) => state.reports.vrp(datasetId),
    'reports.doctor': ({ fix }) => checkSummaries(state.requireProject().db, fix),
    // Loaded on first use: the chart library is large and every CLI command, the server and the desktop start
    // would otherwise evaluate it.
    'reports.html': async ({ id, compare }) => (await import('./reports/export')).htmlReport(state.reports, id, compare, state.version, state.now()),

    ...endpointsHandlers(state.endpoints),
    ...runsHandlers({ db, runs: state.runs, now: state.now, requireReadable: (ctx, path) => requireReadablePath(state.dataDir, ctx, path) }),
    ...teamHandlers(state),
    ...vrpHandlers(state),
    ...optimizeHandlers({ db, endpoints: state.endpoints, jobs: state.jobs, events: state.events, now: state.now, runs: state.runs }),
  };
}
