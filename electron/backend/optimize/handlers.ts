import type { MethodName, OptimizeInput, OptimizePlan } from '@shared/contract';
import { summariseByModel } from '@shared/optimize/summary';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { Handlers } from '../dispatch';
import type { EndpointStore } from '../endpoints/endpoints';
import { confirmOptimizationEndpoints } from './endpoint-check';
import { JUDGE_TRIES } from '../engine/judge';
import { readJudge, readPrompt } from '../runs/columns';
import type { RunManager } from '../runs/manager';
import { findDataset } from '../datasets/datasets';
import { freezeOptimizeConfig, resolveTaskBy, runInputFor, taskFilter, type OptimizeConfig } from './config';
import { accuracyOf, MAX_ASKS, runOptimization } from './optimize';
import {
  callRows, candidates, configWarnings, createOptimization, datasetNameOf, evaluatedRows, frozenConfig, itemsByTask, optimizationIds, optimizationRow,
  optimizationSummary, setTestRuns,
} from './store';
import { selectQuestions } from '../runs/runs';

type OptimizeMethod = Extract<MethodName, `optimizations.${string}`>;

/** Upper bounds of every kind of call, before anything is sent (METHODS §7 asks for the count up front). */
function planOf(db: Db, config: OptimizeConfig, task: string): OptimizePlan {
  const count = (itemIds: number[]) => selectQuestions(db,
    { datasetId: config.datasetId, roles: config.roles, limit: null, filter: taskFilter(config, itemIds) }).length;
  const few = config.zeroShot ? 0 : count(config.fewItemIds);
  const p = config.params;
  const proposals = config.zeroShot ? p.perRound : p.rounds * p.perRound;
  const scored = config.zeroShot ? 0 : 1 + proposals;
  const calls = {
    target: scored * few, optimizer: proposals, optimizerRetriesAtMost: proposals * (MAX_ASKS - 1), analyzer: scored,
    embeddings: config.embeddings ? (config.zeroShot ? 0 : proposals + 1) : 0, judgeAtMost: scored * few * JUDGE_TRIES,
  };
  return {
    task, fewSize: config.fewItemIds.length, testSize: config.testItemIds.length, candidates: 1 + proposals, calls,
    total: calls.target + calls.optimizer + calls.analyzer + calls.embeddings, similarity: config.similarity, taskBy: config.taskBy,
    scope: config.scope, questionTemplate: config.questionTemplate?.text ?? null, warnings: configWarnings(config),
  };
}

/** Every call an optimisation made, target and judge calls of its few-shot runs first, then its helpers'. */
function callsOf(db: Db, id: number) {
  const { helper, target } = callRows(db, id);
  const textOf = (prompt: string | null) => {
    return readPrompt(prompt).flatMap((x) => (x.kind === 'text' ? [x.text] : [])).join(' ');
  };
  return [
    ...target.flatMap((t) => [
      { kind: 'target' as const, model: t.model, candidateId: t.candidate_id, cached: t.cached === 1, tokensIn: t.tokens_in, tokensOut: t.tokens_out, cost: t.cost, prompt: textOf(t.prompt), at: t.at },
      ...readJudge(t.judge).map((j) => ({ kind: 'judge' as const, model: 'analyzer', candidateId: t.candidate_id, cached: false, tokensIn: null, tokensOut: null, cost: null, prompt: j.prompt, at: t.at })),
    ]),
    ...helper.map((h) => ({ kind: h.kind, model: h.model, candidateId: h.candidate_id, cached: h.cached === 1, tokensIn: h.tokens_in, tokensOut: h.tokens_out,
      cost: h.cost, prompt: h.prompt, at: h.at })),
  ];
}

/** What TP-Eval's methods use of the backend, passed in by the file that merges the handlers. */
export type OptimizeContext = HandlerContext<{
  endpoints: EndpointStore;
  /** Test runs start through the run manager, and few-shot runs use its retry policy. */
  runs: Pick<RunManager, 'retry' | 'start'>;
}>;

/** TP-Eval's methods: optimisations run as jobs, score through runs of the engine, and evaluate on the test set. */
export function optimizeHandlers(state: OptimizeContext): Pick<Handlers, OptimizeMethod> {
  const { db } = state;
  const live = new Set<number>();
  const taskName = (input: Pick<OptimizeInput, 'task' | 'datasetId'>) => input.task ?? datasetNameOf(db(), input.datasetId) ?? 'dataset';

  const launch = (id: number, userId: string | null, acceptEndpointChange = false) => {
    if (live.has(id)) throw new AppError('conflict', `optimisation ${id} is already running`);
    live.add(id);
    const row = optimizationRow(db(), id);
    const started = state.jobs.start('optimize', `TP-Eval ${row.name}`, 'candidates', (control) =>
      runOptimization(id, { db: db(), endpoints: state.endpoints, now: state.now, retry: state.runs.retry, control, userId, acceptEndpointChange })
        .finally(() => { live.delete(id); state.events.changed(['runs']); }),
    { cancelMessage: () => 'cancelled; every candidate scored so far is kept — resume to continue' });
    return started;
  };

  const create = (input: OptimizeInput, userId: string | null) => {
    const config = freezeOptimizeConfig(db(), input, state.endpoints);
    if (config.similarity === null) {
      throw new AppError('invalid_input', 'no similarity measure: name an embeddings endpoint (/v1/embeddings), or opt in to the lexical measure (shared words), which scores a paraphrase low');
    }
    const id = createOptimization(db(), config, taskName(input), userId, state.now());
    state.events.changed(['runs']);
    return { id, ...launch(id, userId) };
  };

  return {
    'optimizations.tasks': ({ datasetId, taskBy }) => {
      findDataset(db(), datasetId);
      const resolved = resolveTaskBy(db(), datasetId, taskBy);
      const counts = new Map<string, number>();
      for (const item of itemsByTask(db(), datasetId, resolved)) counts.set(item.task ?? '', (counts.get(item.task ?? '') ?? 0) + 1);
      return { taskBy: resolved, tasks: [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value)) };
    },
    'optimizations.plan': (input) => planOf(db(), freezeOptimizeConfig(db(), input, state.endpoints), taskName(input)),
    'optimizations.start': (input, ctx) => {
      const { id, job } = create(input, ctx.userId);
      return { optimizationId: id, jobId: job.id };
    },
    'optimizations.run': async (input, ctx) => {
      const { id, done } = create(input, ctx.userId);
      await done;
      return optimizationSummary(db(), id);
    },
    'optimizations.resume': ({ id, acceptEndpointChange }, ctx) => {
      const row = optimizationRow(db(), id);
      if (row.status === 'done') throw new AppError('conflict', `optimisation ${id} has finished`);
      // Endpoints are the owner's settings: only the owner says an optimisation may go on with changed ones.
      if (acceptEndpointChange && ctx.remote) throw new AppError('forbidden', 'only the machine\'s owner can accept an endpoint change for an optimisation');
      confirmOptimizationEndpoints(db(), id, row.frozen, state.endpoints, acceptEndpointChange, ctx.userId, state.now().toISOString());
      return { jobId: launch(id, ctx.userId, acceptEndpointChange).job.id };
    },
    'optimizations.list': ({ datasetId }) => optimizationIds(db(), datasetId).map((id) => optimizationSummary(db(), id)),
    'optimizations.get': ({ id }) => ({ optimization: optimizationSummary(db(), id), candidates: candidates(db(), id) }),
    'optimizations.calls': ({ id }) => {
      optimizationRow(db(), id);
      return callsOf(db(), id);
    },
    'optimizations.evaluate': async ({ id, candidateId }, ctx) => {
      const row = optimizationRow(db(), id);
      const config = row.frozen;
      const chosen = candidates(db(), id).find((c) => c.id === (candidateId ?? row.chosen_id));
      if (!chosen) throw new AppError('invalid_input', `optimisation ${id} has no chosen prompt yet; let it finish or name a candidate`);
      if (config.testItemIds.length === 0) throw new AppError('invalid_input', 'the task has no items outside the few-shot set to test on');
      // Two ordinary runs on the held-out items, through the run manager: they appear in Runs with progress and cost.
      const start = (prompt: string, label: string) =>
        state.runs.start(runInputFor(config, prompt, config.testItemIds, `TP-Eval ${row.name} · test · ${label}`), ctx.userId).runId;
      const originalRunId = start(config.p0, 'original');
      const customRunId = start(chosen.prompt, 'customised');
      setTestRuns(db(), id, originalRunId, customRunId);
      return { originalRunId, customRunId };
    },
    'optimizations.report': () => ({ ...tableTwo(db()) }),
  };
}

/**
 * The paper's Table 2 from evaluated optimisations: each (model, dataset, task) counted once, by its latest
 * evaluation, so evaluating a task twice does not weigh it twice in a model's means and ratio.
 */
function tableTwo(db: Db) {
  const rows = evaluatedRows(db);
  const seen = new Set<string>();
  const latest = rows.filter((r) => {
    const key = JSON.stringify([frozenConfig(r.config).target, r.dataset_id, r.task]);
    return seen.has(key) ? false : (seen.add(key), true);
  }).reverse();
  const tasks = latest.map((r) => ({
    optimizationId: r.id, model: frozenConfig(r.config).target, task: r.task,
    original: accuracyOf(db, r.test_original), customised: accuracyOf(db, r.test_custom),
  }));
  return { tasks, models: summariseByModel(tasks) };
}
