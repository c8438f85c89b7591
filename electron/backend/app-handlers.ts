import { basename, join } from 'node:path';
import { existsSync } from 'node:fs';
import type { MethodName } from '@shared/contract';
import type { AppLifecycle, BackendServices } from './state';
import type { HandlerContext } from './context';
import type { CallContext, Handlers } from './dispatch';
import { AppError } from './errors';
import { buildDemoProject } from './demo/build';

type AppMethod = Extract<MethodName, `${'app' | 'projects' | 'jobs'}.${string}`>;

/** Anyone may see which project is open; only the machine's owner sees where it lives on the server. */
function projectInfoFor(app: AppLifecycle, ctx: CallContext) {
  const info = app.project?.info() ?? null;
  return info && ctx.remote ? { ...info, path: basename(info.path) } : info;
}

/** The app's lifecycle: which project is open (the one thing that swaps the state every domain reads) and its jobs. */
export function appHandlers({ app, dataDir, resourcesDir, now, jobs }: HandlerContext<Pick<BackendServices, 'app'>>): Pick<Handlers, AppMethod> {
  return {
    'app.info': (_input, ctx) => ({ version: app.version, project: projectInfoFor(app, ctx), desktop: app.desktop }),

    'projects.open': ({ path }) => app.openProject(path),
    'projects.create': ({ path }) => app.createProject(path),
    'projects.openDemo': async () => {
      const path = join(dataDir, 'demo.anchor');
      if (!existsSync(path)) await buildDemoProject(path, resourcesDir, now);
      return app.openProject(path, true);
    },
    'projects.recent': () => app.recent.list(),

    'jobs.list': () => jobs.list(),
    'jobs.get': ({ id }) => {
      const job = jobs.get(id);
      if (!job) throw new AppError('not_found', `no job ${id} in this session`);
      return job;
    },
    'jobs.cancel': ({ id }) => ({ cancelled: jobs.cancel(id) }),
  };
}
