import { basename, join } from 'node:path';
import { existsSync } from 'node:fs';
import type { MethodName } from '@shared/contract';
import type { BackendState } from './state';
import type { CallContext, Handlers } from './dispatch';
import { AppError } from './errors';
import { buildDemoProject } from './demo/build';

type AppMethod = Extract<MethodName, `${'app' | 'projects' | 'jobs'}.${string}`>;

/** Anyone may see which project is open; only the machine's owner sees where it lives on the server. */
function projectInfoFor(state: BackendState, ctx: CallContext) {
  const info = state.project?.info() ?? null;
  return info && ctx.remote ? { ...info, path: basename(info.path) } : info;
}

/** The app's lifecycle: which project is open (the one thing that swaps the state every domain reads) and its jobs. */
export function appHandlers(state: BackendState): Pick<Handlers, AppMethod> {
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

    'jobs.list': () => state.jobs.list(),
    'jobs.get': ({ id }) => {
      const job = state.jobs.get(id);
      if (!job) throw new AppError('not_found', `no job ${id} in this session`);
      return job;
    },
    'jobs.cancel': ({ id }) => ({ cancelled: state.jobs.cancel(id) }),
  };
}
