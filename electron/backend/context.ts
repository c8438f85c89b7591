import type { Db } from './db/open';
import type { EventBus } from './events';
import type { JobRegistry } from './jobs/registry';

/**
 * What a domain's handlers may use of the running backend, passed to them explicitly: the open project's connection,
 * the clock, events, jobs and the machine's folders. Only the app's lifecycle (`app-handlers.ts`, `state.ts`) holds
 * the mutable `BackendState` itself.
 */
export interface DomainContext {
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
