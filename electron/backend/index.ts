import { EventBus } from './events';
import { createHandlers } from './handlers';
import { dispatch, inProcessClient, type CallResult, type Handlers } from './dispatch';
import { JobRegistry } from './jobs/registry';
import { RecentProjects } from './recent';
import { BackendState, type CallContext } from './state';
import { imageBytes, thumbnail, type ImageBytes } from './items/images';
import { defaultDataDir, packageVersion, resourcesDir } from './paths';
import { EndpointStore } from './endpoints/endpoints';
import type { SecretBox } from './endpoints/secrets';
import { isMethodName, type MethodName } from '@shared/contract';
import { AppError } from './errors';
import { authorize } from './team/authorize';

export interface BackendOptions {
  /** Where machine-level files live: recent projects, the demo project, uploads. */
  dataDir?: string;
  resourcesDir?: string;
  /** Open this project at start; with `demo`, open the demo project when none is given. */
  projectPath?: string;
  demo?: boolean;
  clock?: () => Date;
  desktop?: boolean;
  /**
   * A team server: every call needs a logged-in user. Without it callers are the chosen local profile, or the
   * machine's owner when none is chosen.
   */
  team?: boolean;
  /** Encrypts stored API keys (Electron's safeStorage); without it keys come from environment variables only. */
  secrets?: SecretBox | null;
  env?: NodeJS.ProcessEnv;
}

export interface Backend {
  readonly events: EventBus;
  readonly jobs: JobRegistry;
  readonly state: BackendState;
  readonly handlers: Handlers;
  call: ReturnType<typeof inProcessClient>;
  dispatch(method: string, input: unknown, ctx?: CallContext): Promise<CallResult>;
  /** Checks a call's caller before its input is read (the HTTP adapter refuses a body it would never use). */
  authorize(method: string, ctx: CallContext): void;
  image(hash: string, thumb: boolean): Promise<ImageBytes>;
  close(): Promise<void>;
}

/** Builds the backend from its dependencies; Electron, HTTP and the CLI are thin adapters around it. */
export async function createBackend(options: BackendOptions = {}): Promise<Backend> {
  const now = options.clock ?? (() => new Date());
  const events = new EventBus();
  const jobs = new JobRegistry(events, now);
  const dataDir = options.dataDir ?? defaultDataDir();
  const state = new BackendState(
    events, jobs, new RecentProjects(dataDir), now, dataDir, options.resourcesDir ?? resourcesDir(), packageVersion(),
    options.desktop ?? false, new EndpointStore(dataDir, options.secrets ?? null, options.env ?? process.env),
  );
  const handlers = createHandlers(state);
  state.team = options.team ?? false;
  const localCtx = (): CallContext => ({ userId: state.localProfile });
  const teamContext = state.teamContext();
  const guard = (method: MethodName, ctx: CallContext) => authorize(teamContext, method, ctx);
  const backend: Backend = {
    events,
    jobs,
    state,
    handlers,
    call: inProcessClient(handlers, localCtx, guard),
    dispatch: (method, input, ctx) => dispatch(handlers, method, input, ctx ?? localCtx(), guard),
    authorize: (method, ctx) => {
      if (!isMethodName(method)) throw new AppError('unknown_method', `there is no method "${method}"`);
      guard(method, ctx);
    },
    image: async (hash, thumb) => {
      const db = state.requireProject().db;
      return thumb ? thumbnail(db, hash) : imageBytes(db, hash);
    },
    close: async () => {
      // Runs pause (answers in flight are stored) rather than cancel, so reopening shows them as resumable.
      await state.runs.stopAll();
      await jobs.cancelAll();
      state.close();
    },
  };
  if (options.projectPath) await backend.call('projects.open', { path: options.projectPath });
  else if (options.demo) await backend.call('projects.openDemo');
  return backend;
}

export type { CallContext } from './dispatch';
