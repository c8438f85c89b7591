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
import { authorize } from './team/people/authorize';
import { listUsers } from './team/people/users';
import { serverDoor, type ServerDoor } from './server-door';

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
   * machine's owner when none is chosen. `with-passwords` (`anchor serve`): a team server when anyone in the project
   * opened at start has a password.
   */
  team?: boolean | 'with-passwords';
  /** Encrypts stored API keys (Electron's safeStorage); without it keys come from environment variables only. */
  secrets?: SecretBox | null;
  env?: NodeJS.ProcessEnv;
}

/**
 * The one door into the backend for the adapters (IPC, HTTP, CLI): contract calls, the events, and closing. The rest
 * is the wire's side of the same door (a method named by a remote caller, its caller's authorisation, image bytes)
 * and, for `anchor serve`, the named functions of `server`. No adapter reaches the backend's state.
 */
export interface Backend {
  /** The contract's events (`AppEvent`): job progress and ends, data changes, menu commands. */
  readonly events: EventBus;
  /** Calls a contract method as the local caller (the CLI, the desktop's chosen profile or the machine's owner). */
  call: ReturnType<typeof inProcessClient>;
  /** A call that came over a wire (IPC, HTTP): a method name not yet known to exist, with its caller. */
  dispatch(method: string, input: unknown, ctx?: CallContext): Promise<CallResult>;
  /** Checks a call's caller before its input is read (the HTTP adapter refuses a body it would never use). */
  authorize(method: string, ctx: CallContext): void;
  image(hash: string, thumb: boolean): Promise<ImageBytes>;
  /** What `anchor serve` needs beyond calls: sessions, logins, the folders of uploads and downloads. */
  readonly server: ServerDoor;
  close(): Promise<void>;
}

/**
 * The backend with its parts in reach, for tests and benchmarks that drive a domain or the clock directly. Adapters
 * never use it: they hold a `Backend` (and lint forbids `.state` in `cli/`, `http/` and `electron/main`).
 */
export interface BackendInternals extends Backend {
  readonly jobs: JobRegistry;
  readonly state: BackendState;
  readonly handlers: Handlers;
}

/** Builds the backend from its dependencies; Electron, HTTP and the CLI are thin adapters around it. */
export async function createBackend(options: BackendOptions = {}): Promise<Backend> {
  return createBackendInternals(options);
}

/** `createBackend` with its parts in reach: for tests and benchmarks only (see `BackendInternals`). */
export async function createBackendInternals(options: BackendOptions = {}): Promise<BackendInternals> {
  const now = options.clock ?? (() => new Date());
  const events = new EventBus();
  const jobs = new JobRegistry(events, now);
  const dataDir = options.dataDir ?? defaultDataDir();
  const state = new BackendState({
    events, jobs, recent: new RecentProjects(dataDir), now, dataDir, resourcesDir: options.resourcesDir ?? resourcesDir(), version: packageVersion(),
    desktop: options.desktop ?? false, endpoints: new EndpointStore(dataDir, options.secrets ?? null, options.env ?? process.env),
  });
  const handlers = createHandlers(state);
  state.setTeam(options.team === true);
  const localCtx = (): CallContext => ({ userId: state.localProfile });
  const context = state.handlerContext();
  const guard = (method: MethodName, ctx: CallContext) => authorize(context, method, ctx);
  const backend: BackendInternals = {
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
    server: serverDoor(state),
    close: async () => {
      // Runs pause (answers in flight are stored) rather than cancel, so reopening shows them as resumable.
      await state.runs.stopAll();
      await jobs.cancelAll();
      state.close();
    },
  };
  if (options.projectPath) await backend.call('projects.open', { path: options.projectPath });
  else if (options.demo) await backend.call('projects.openDemo');
  // Decided once the project is open, and never changed after: logins turn on when anyone in it has a password.
  if (options.team === 'with-passwords') state.setTeam(state.project !== null && listUsers(state.project.db).some((u) => u.hasPassword));
  return backend;
}

export type { CallContext } from './dispatch';
