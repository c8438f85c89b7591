import type { ProjectInfo } from '@shared/contract';
import { AppError } from './errors';
import type { EventBus } from './events';
import type { JobRegistry } from './jobs/registry';
import type { RecentProjects } from './recent';
import type { EndpointStore } from './endpoints/endpoints';
import { Reports } from './reports/service';
import { keepRunSummaries } from './reports/summary';
import { RunManager } from './runs/manager';
import { ProjectSession } from './session';
import { findUser } from './team/users';
import type { DomainContext } from './context';
import type { TeamContext } from './team/handlers';

export type { CallContext } from './dispatch';

/** What the handlers share: the open project, jobs, events and the machine-level settings. */
export class BackendState {
  project: ProjectSession | null = null;
  /** A team server (logins required, one project); set once at start. */
  team = false;
  /**
   * On a team server, the secret of the owner's sign-in link (`anchor serve` prints it): whoever started the server
   * gets in as the machine's owner without a password, so a password set on someone else never locks them out.
   */
  ownerToken: string | null = null;
  /** The desktop's chosen profile in the open project (null: the machine's owner, no profile). */
  localProfile: string | null = null;
  readonly runs: RunManager;
  readonly reports: Reports;

  constructor(
    readonly events: EventBus,
    readonly jobs: JobRegistry,
    readonly recent: RecentProjects,
    readonly now: () => Date,
    readonly dataDir: string,
    readonly resourcesDir: string,
    readonly version: string,
    readonly desktop: boolean,
    readonly endpoints: EndpointStore,
  ) {
    this.runs = new RunManager(() => this.requireProject(), jobs, events, endpoints, now);
    this.reports = new Reports(() => this.requireProject().db, this.runs);
    keepRunSummaries();
  }

  /** What the domains' handlers may use; its functions read the state at call time, as projects open and close. */
  domainContext(): DomainContext {
    return {
      db: () => this.requireProject().db,
      projectPath: () => this.requireProject().path,
      hasProject: () => this.project !== null,
      now: this.now,
      events: this.events,
      jobs: this.jobs,
      dataDir: this.dataDir,
      resourcesDir: this.resourcesDir,
    };
  }

  /** The domain context plus the server's mode and the desktop's chosen profile, which the session methods change. */
  teamContext(): TeamContext {
    return {
      ...this.domainContext(),
      isTeam: () => this.team,
      chooseProfile: (userId) => {
        const project = this.requireProject();
        this.localProfile = userId;
        this.recent.setProfile(project.path, userId);
      },
    };
  }

  requireProject(): ProjectSession {
    if (!this.project) throw new AppError('no_project', 'no project is open; create or open one first');
    return this.project;
  }

  openProject(path: string, isDemo = false): ProjectInfo {
    return this.swap(() => ProjectSession.open(path, isDemo));
  }

  createProject(path: string): ProjectInfo {
    return this.swap(() => ProjectSession.create(path));
  }

  /** Opens the new project first, so a file that cannot be opened leaves the current one in place. */
  private swap(open: () => ProjectSession): ProjectInfo {
    if (this.jobs.running() > 0) throw new AppError('conflict', 'a job is still running; wait for it or cancel it first');
    const next = open();
    this.project?.close();
    this.project = next;
    this.runs.applyRecordedEnds();
    this.recent.touch(next.path, this.now());
    const remembered = this.recent.profileOf(next.path);
    this.localProfile = remembered && findUser(next.db, remembered) ? remembered : null;
    this.events.changed(['project', 'datasets', 'questions', 'items', 'jobs', 'runs', 'team']);
    return next.info();
  }

  close(): void {
    this.project?.close();
    this.project = null;
  }
}
