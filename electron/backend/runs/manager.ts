import type { RunConfigParsed, RunPlan, RunSummary } from '@shared/contract';
import { isRight } from '@shared/scoring/answer';
import { ruleOf } from '@shared/scoring/rules';
import type { EndpointStore } from '../endpoints/endpoints';
import { AppError } from '../errors';
import { readAnswer, readOptions } from '../items/columns';
import type { EventBus } from '../events';
import type { JobRegistry } from '../jobs/registry';
import { defaultRetryPolicy, type RetryPolicy } from '../engine/ask';
import { executeBatchRun } from './batch';
import { executeRun, type RunOutcome } from './execute';
import { RunStats } from '../engine/stats';
import type { ProjectSession } from '../session';
import { freezeConfig } from './config';
import { confirmRunEndpoints } from './endpoint-check';
import { planRun } from './plan';
import { storeAnswer } from './predictions';
import { createRun, findResumable, listRuns, runSummary, setRunStatus } from './runs';
import { runConfig, runRow } from './store/runs';
import { gradedUnit, pendingUnitCount } from './store/units';
import { currentHolder, describeHolder, leaseTtlMs, newHolderToken, releaseLease, renewLease, takeLease } from './lease';
import { RunEndReserve } from './reserve';
import { applyRecordedEnds, settleRun } from './settle';

interface Live {
  stats: RunStats;
  pause: AbortController;
  done: Promise<RunOutcome>;
}

/** Starts, pauses, resumes and reports runs of the open project; each live run is one job of the registry. */
export class RunManager {
  private readonly live = new Map<number, Live>();
  retry: RetryPolicy = defaultRetryPolicy;
  /** How long a run's lease lives without a heartbeat (see lease.ts). */
  leaseMs = leaseTtlMs();
  /** Seconds between a batch run's status checks (providers finish batches in minutes to hours). */
  batchPollMs = 30_000;

  constructor(
    private readonly project: () => ProjectSession,
    private readonly jobs: JobRegistry,
    private readonly events: EventBus,
    private readonly endpoints: EndpointStore,
    readonly now: () => Date,
  ) {}

  private get db() {
    return this.project().db;
  }

  readonly liveInfo = (id: number) => this.live.get(id)?.stats.live() ?? null;

  plan(input: RunConfigParsed): RunPlan {
    return planRun(this.db, freezeConfig(input, this.endpoints), this.endpoints);
  }

  /** Creates the run and starts it; with `reuse`, continues an unfinished run of the same configuration instead. */
  start(
    input: RunConfigParsed, userId: string | null, reuse = false,
  ): { runId: number; jobId: string | null; done: Promise<RunOutcome> | null; resumed: boolean } {
    const config = freezeConfig(input, this.endpoints);
    const token = newHolderToken();
    // Finding (or creating) the run and taking its lease are one IMMEDIATE transaction: two processes started together
    // on one configuration must not both create a run, nor both take the same one.
    const { runId, existing } = this.db.transaction(() => {
      const found = reuse ? findResumable(this.db, config) : null;
      if (found !== null && this.live.has(found)) throw new AppError('conflict', `run ${found} is already running`);
      // A run found by its configuration's hash is still one the project recorded: its endpoints are checked as on resume.
      if (found !== null) confirmRunEndpoints(this.db, found, runConfig(runRow(this.db, found)), this.endpoints, false, userId, this.now().toISOString());
      const id = found ?? createRun(this.db, input, config, userId, this.now());
      if (config.kind !== 'human') takeLease(this.db, id, token, this.now(), this.leaseMs);
      return { runId: id, existing: found };
    }).immediate();
    this.events.changed(['runs']);
    if (config.kind === 'human') return { runId, jobId: null, done: null, resumed: existing !== null };
    const { jobId, done } = this.launch(runId, 'unanswered', token);
    return { runId, jobId, done, resumed: existing !== null };
  }

  /**
   * Continues a run. Its endpoints must be the ones it recorded (`endpoint_changed` otherwise, nothing sent) unless the
   * owner accepts the change, which is recorded in the run in the transaction that takes its lease.
   */
  resume(id: number, which: 'unanswered' | 'errors' = 'unanswered', acceptEndpointChange = false, userId: string | null = null,
  ): { runId: number; jobId: string | null; done: Promise<RunOutcome> | null } {
    const row = runRow(this.db, id);
    if (row.kind === 'human') return { runId: id, jobId: null, done: null };
    const config = runConfig(row);
    const { imported, reread } = config;
    if (imported) throw new AppError('conflict', `run ${id} was scored from ${imported.file}; there is no model to ask`);
    if (reread) throw new AppError('conflict', `run ${id} re-reads the replies of run ${reread.run}; resume that run instead`);
    if (this.live.has(id)) throw new AppError('conflict', `run ${id} is already running`);
    const token = newHolderToken();
    this.db.transaction(() => {
      confirmRunEndpoints(this.db, id, config, this.endpoints, acceptEndpointChange, userId, this.now().toISOString());
      takeLease(this.db, id, token, this.now(), this.leaseMs);
    }).immediate();
    const { jobId, done } = this.launch(id, which, token);
    return { runId: id, jobId, done };
  }

  /** Renews the lease while the run executes; a lease lost to another process (ours expired) pauses this run. */
  private heartbeat(runId: number, token: string, pause: AbortController): () => void {
    const timer = setInterval(() => {
      try {
        if (!renewLease(this.db, runId, token, this.now(), this.leaseMs)) pause.abort();
      } catch {
        // A busy or full file: the next beat tries again, and the lease outlives a few missed beats.
      }
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    timer.unref();
    return () => {
      clearInterval(timer);
      try {
        releaseLease(this.db, runId, token);
      } catch {
        // The file refuses writes: the lease simply expires.
      }
    };
  }

  private launch(runId: number, which: 'unanswered' | 'errors', token: string): { jobId: string; done: Promise<RunOutcome> } {
    const row = runRow(this.db, runId);
    const pause = new AbortController();
    const stats = new RunStats();
    const stopBeating = this.heartbeat(runId, token, pause);
    // Taken while the disk has room: the run's end is recorded even when the project refuses to grow by then.
    const reserve = RunEndReserve.take(this.project().path, runId);
    const { job, done } = this.jobs.start(
      'run', `${which === 'errors' ? 'Retry errors of' : 'Run'} ${row.name}`, 'requests',
      (control) => {
        stats.jobId = control.id;
        const deps = {
          db: this.db, endpoints: this.endpoints, now: this.now, retry: this.retry, control, pause: pause.signal, stats, batchPollMs: this.batchPollMs,
        };
        // Ended before the job is: whoever hears `job.finished` sees the run no longer live and its lease released.
        return settleRun(this.db, runId, reserve, this.now, () => (runConfig(row).batch ? executeBatchRun : executeRun)(runId, which, deps))
          .finally(() => {
            stopBeating();
            this.live.delete(runId);
            this.events.changed(['runs']);
          });
      },
      { cancelMessage: () => 'cancelled; every answer received so far is kept — resume to ask the rest' },
    );
    this.live.set(runId, { stats, pause, done });
    return { jobId: job.id, done };
  }

  /** At open: the ends of runs the file refused to record (a full disk) are copied in from beside it. */
  applyRecordedEnds(): void {
    const project = this.project();
    if (!project.db.readonly) applyRecordedEnds(project.db, project.path, this.now().getTime());
  }

  /** Refuses to touch a run another process executes, naming that process. */
  refuseIfHeldElsewhere(id: number): void {
    const held = this.live.has(id) ? null : currentHolder(this.db, id, this.now().getTime());
    if (held) throw new AppError('conflict', describeHolder(id, held));
  }

  async pause(id: number): Promise<RunSummary> {
    const live = this.live.get(id);
    this.refuseIfHeldElsewhere(id);
    if (!live) throw new AppError('conflict', `run ${id} is not running`);
    live.pause.abort();
    await live.done.catch(() => undefined);
    return this.get(id);
  }

  async cancel(id: number): Promise<RunSummary> {
    const live = this.live.get(id);
    if (live) {
      this.jobs.cancel(live.stats.jobId);
      await live.done.catch(() => undefined);
    } else {
      this.refuseIfHeldElsewhere(id);
      const row = runRow(this.db, id);
      if (row.status === 'done') throw new AppError('conflict', `run ${id} has finished`);
      setRunStatus(this.db, id, 'cancelled', null, this.now());
    }
    return this.get(id);
  }

  get(id: number): RunSummary {
    return runSummary(this.db, id, this.liveInfo(id), this.now().getTime());
  }

  list(): RunSummary[] {
    return listRuns(this.db, this.liveInfo, this.now().getTime());
  }

  /** Resolves when the run's job (if any) has ended, however it ended. */
  async settled(id: number): Promise<void> {
    await this.live.get(id)?.done.catch(() => undefined);
  }

  isLive(id: number): boolean {
    return this.live.has(id);
  }

  /** A person's answer in a human-evaluation run, stored like a model's (path `exact`, no cost). */
  answer(runId: number, questionId: number, pass: number, label: string): RunSummary {
    const row = runRow(this.db, runId);
    if (row.kind !== 'human') throw new AppError('invalid_input', `run ${runId} is answered by a model, not a person`);
    const unit = gradedUnit(this.db, runId, questionId, pass);
    if (!unit) throw new AppError('not_found', `question ${questionId} is not part of run ${runId}`);
    const options = readOptions(unit.options);
    if (unit.type === 'multiple-choice' && !options.some((o) => o.label === label)) throw new AppError('invalid_input', `"${label}" is not an option`);
    const at = this.now().toISOString();
    this.db.transaction(() => {
      storeAnswer(this.db, runId, questionId, pass, {
        raw: label, label, path: 'exact', correct: isRight(unit.type, readAnswer(unit.answer), label, label, ruleOf(unit.type, unit.meta)), prompt: [], judge: [],
        tokensIn: null, tokensOut: null, latencyMs: null, cost: null, cached: false, attempts: 1,
      }, at);
      const left = pendingUnitCount(this.db, runId);
      setRunStatus(this.db, runId, left === 0 ? 'done' : 'running', null, left === 0 ? this.now() : null);
    })();
    this.events.changed(['runs']);
    return this.get(runId);
  }

  /** Stops every live run (the project is closing); their answers are already stored. */
  async stopAll(): Promise<void> {
    for (const [id] of this.live) this.live.get(id)?.pause.abort();
    await Promise.allSettled([...this.live.values()].map((l) => l.done));
  }
}
