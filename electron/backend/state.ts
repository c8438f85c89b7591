import type { ProjectInfo } from '@shared/contract';
import { AppError } from './errors';
import type { EventBus } from './events';
import type { JobRegistry } from './jobs/registry';
import type { RecentProjects } from './recent';
import type { EndpointStore } from './endpoints/endpoints';
import { Reports } from './reports/service';
import { runSummaries } from './reports/summary';
import { RunManager } from './runs/manager';
import { ProjectSession } from './session';
import { findUser } from './team/people/users';
import { cleanAfterKilledImports } from './formats/killed-imports';
import type { HandlerContext } from './context';
import { callerReadRules } from './team/people/read-rules';
import { requireReadablePath } from './uploads';
import type { CallContext } from './dispatch';

export type { CallContext } from './dispatch';

/** What the backend is made of; `createBackendInternals` (index.ts) makes them. */
export interface BackendStateOptions {
  events: EventBus;
  jobs: JobRegistry;
  recent: RecentProjects;
  now: () => Date;
  /** Machine-level files: recent projects, the demo project, uploads. */
  dataDir: string;
  resourcesDir: string;
  version: string;
  /** The Electron desktop (not the CLI nor a browser studio). */
  desktop: boolean;
  endpoints: EndpointStore;
}

/** Which project is open and opening another: what the app's own methods use (app-handlers.ts). */
export interface AppLifecycle {
  readonly project: ProjectSession | null;
  readonly version: string;
  readonly desktop: boolean;
  readonly recent: RecentProjects;
  openProject(path: string, isDemo?: boolean): ProjectInfo;
  createProject(path: string): ProjectInfo;
}

/** What the backend offers handlers beyond its core (context.ts `HandlerContext`), each by name. */
export interface BackendServices {
  runs: RunManager;
  reports: Reports;
  endpoints: EndpointStore;
  /** The team's read rules for the caller (drafts, open human baselines). */
  readRules: ReturnType<typeof callerReadRules>;
  /** Refuses a path a remote caller may not read (only uploads), before anything opens it. */
  requireReadable: (ctx: CallContext, path: string) => void;
  /** A team server (logins required); read at call time. */
  isTeam(): boolean;
  /** Remembers the desktop's chosen profile for the open project (null: the machine's owner). */
  chooseProfile(userId: string | null): void;
  /** Which project is open, and opening another (app-handlers.ts). */
  app: AppLifecycle;
  /** The build's version, as reports and `app.info` show it. */
  version: string;
}

/**
 * The running backend: the open project (one ProjectSession at a time), jobs, events and the machine-level settings.
 * Nothing in it is assigned from outside: the project changes through `openProject`/`createProject`/`close`, the
 * server's mode through `setTeam`, the desktop's profile through the `session.*` methods.
 */
export class BackendState implements AppLifecycle {
  private current: ProjectSession | null = null;
  private teamServer = false;
  private profile: string | null = null;
  readonly runs: RunManager;
  readonly reports: Reports;
  readonly events: EventBus;
  readonly jobs: JobRegistry;
  readonly recent: RecentProjects;
  readonly now: () => Date;
  readonly dataDir: string;
  readonly resourcesDir: string;
  readonly version: string;
  readonly desktop: boolean;
  readonly endpoints: EndpointStore;

  constructor(options: BackendStateOptions) {
    ({ events: this.events, jobs: this.jobs, recent: this.recent, now: this.now, dataDir: this.dataDir, resourcesDir: this.resourcesDir,
      version: this.version, desktop: this.desktop, endpoints: this.endpoints } = options);
    this.runs = new RunManager(() => this.requireProject(), this.jobs, this.events, this.endpoints, this.now);
    this.reports = new Reports(() => this.requireProject().db, this.runs);
  }

  /** The open project, or null. */
  get project(): ProjectSession | null {
    return this.current;
  }

  /** A team server (logins required, one project); set once at start. */
  get team(): boolean {
    return this.teamServer;
  }

  setTeam(on: boolean): void {
    this.teamServer = on;
  }

  /** The desktop's chosen profile in the open project (null: the machine's owner, no profile). */
  get localProfile(): string | null {
    return this.profile;
  }

  /** The one context every handler factory is given (context.ts); its functions read the state at call time. */
  handlerContext(): HandlerContext<BackendServices> {
    const db = () => this.requireProject().db;
    return {
      db,
      projectPath: () => this.requireProject().path,
      hasProject: () => this.current !== null,
      now: this.now,
      events: this.events,
      jobs: this.jobs,
      dataDir: this.dataDir,
      resourcesDir: this.resourcesDir,
      runs: this.runs,
      reports: this.reports,
      endpoints: this.endpoints,
      readRules: callerReadRules(db),
      requireReadable: (ctx, path) => requireReadablePath(this.dataDir, ctx, path),
      isTeam: () => this.teamServer,
      chooseProfile: (userId) => {
        const project = this.requireProject();
        this.profile = userId;
        this.recent.setProfile(project.path, userId);
      },
      app: this,
      version: this.version,
    };
  }

  requireProject(): ProjectSession {
    if (!this.current) throw new AppError('no_project', 'no project is open; create or open one first');
    return this.current;
  }

  openProject(path: string, isDemo = false): ProjectInfo {
    return this.swap(() => ProjectSession.open(path, { summaries: runSummaries, isDemo, closedAs: this.recent.closedAs(path) }));
  }

  createProject(path: string): ProjectInfo {
    return this.swap(() => ProjectSession.create(path, { summaries: runSummaries }));
  }

  /** Opens the new project first, so a file that cannot be opened leaves the current one in place. */
  private swap(open: () => ProjectSession): ProjectInfo {
    if (this.jobs.running() > 0) throw new AppError('conflict', 'a job is still running; wait for it or cancel it first');
    const next = open();
    this.closeProject();
    this.current = next;
    tidyAfterKilledImports(next);
    this.runs.applyRecordedEnds();
    this.recent.touch(next.path, this.now());
    const remembered = this.recent.profileOf(next.path);
    this.profile = remembered && findUser(next.db, remembered) ? remembered : null;
    this.events.changed(['project', 'datasets', 'questions', 'items', 'jobs', 'runs', 'team']);
    return next.info();
  }

  close(): void {
    this.closeProject();
    this.current = null;
  }

  /**
   * Closes the open project and records how the close left the file, so the next open skips reading pages nothing
   * wrote since (DECISIONS 147). A failed close records nothing: the next open checks.
   */
  private closeProject(): void {
    const project = this.current;
    if (!project) return;
    this.reports.drop();
    const stamp = project.close();
    try {
      this.recent.setClosedAs(project.path, stamp);
    } catch {
      // Not recorded (the data folder is full or read-only): the next open reads the pages, nothing else changes.
    }
  }
}

/**
 * Removes what imports killed mid-way left (formats/killed-imports.ts). Housekeeping only: a failure here (the write
 * lock held elsewhere past the busy timeout, a full disk) must not refuse the open; the next open tries again.
 */
function tidyAfterKilledImports(project: ProjectSession): void {
  try {
    cleanAfterKilledImports(project.db);
  } catch {
    // Left for the next open or `anchor doctor project --fix`.
  }
}
