import type { Db } from './db/open';
import type { EventBus } from './events';
import type { JobRegistry } from './jobs/registry';

/** What every handler may use of the running backend: the open project's connection, the clock, events, jobs, folders. */
export interface BackendCore {
  /** The open project's connection; throws `no_project` when none is open. */
  db(): Db;
  /** The open project's file (an import publishes through a connection of its own). */
  projectPath(): string;
  /** Whether a project is open at all (capabilities are asked before one is). */
  hasProject(): boolean;
  now(): Date;
  readonly events: EventBus;
  readonly jobs: JobRegistry;
  /** Machine-level files: recent projects, the demo project, uploads. */
  readonly dataDir: string;
  readonly resourcesDir: string;
}

/**
 * The one context every domain's handler factory is given: the core, plus the named services the backend offers
 * (state.ts `BackendServices`: `runs`, `reports`, `endpoints`, `readRules`, `profiles`, `uploads`, `app`). A domain
 * names the services it uses, `HandlerContext<{ runs: RunManager }>`, since their types live on floors above this one;
 * `handlers.ts` passes the same object, with every service, to all of them. Its functions read the backend at call
 * time, as projects open and close; nothing in it is mutable.
 */
export type HandlerContext<Services extends object = object> = BackendCore & Readonly<Services>;
