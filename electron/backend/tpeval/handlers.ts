import type { MethodName, OptimizeInput, OptimizePlan } from '@shared/contract';
import { summariseByModel } from '@shared/tpeval/summary';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { Handlers } from '../dispatch';
import type { BackendState } from '../state';
import { JUDGE_TRIES } from '../engine/judge';
import { freezeOptimizeConfig, runInputFor, taskFilter, type OptimizeConfig } from './config';
import { accuracyOf, MAX_ASKS, runOptimization } from './optimize';
import { candidates, configWarnings, createOptimization, frozenConfig, optimizationRow, optimizationSummary } from './store';
import { selectQuestions } from '../runs/store';

type OptimizeMethod = Extract<MethodName, `optimizations.${string}`>;

/** Upper bounds of every kind of call, before anything is sent (METHODS §7 asks for the count up front). */
function planOf(db: Db, config: OptimizeConfig, task: string): OptimizePlan {
  const count = (itemIds: number[]) => selectQuestions(db, { datasetId: config.datasetId, roles: config.roles, limit: null, filter: taskFilter(config, itemIds) }).length;
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
    total: calls.target + calls.optimizer + calls.analyzer + calls.embeddings, similarity: config.embeddings ? 'embeddings' : 'lexical',
    scope: config.scope, questionTemplate: config.questionTemplate?.text ?? null, warnings: configWarnings(config),
  };
}

/** TP-Eval's methods: optimisations run as jobs, score through runs of the engine, and evaluate on the test set. */
export function optimizeHandlers(state: BackendState): Pick<Handlers, OptimizeMethod> {
  const db = () => state.requireProject().db;
  const live = new Set<number>();
  const taskName = (input: Pick<OptimizeInput, 'task' | 'datasetId'>) =>
    input.task ?? (db().prepare('SELECT name FROM datasets WHERE id = ?').pluck().get(input.datasetId) as string | undefined) ?? 'dataset';

  const launch = (id: number, userId: string | null) => {
    if (live.has(id)) throw new AppError('conflict', `optimisation ${id} is already running`);
    live.add(id);
    const row = optimizationRow(db(), id);
    const started = state.jobs.start('optimize', `TP-Eval ${row.name}`, 'candidates', (control) =>
      runOptimization(id, { db: db(), endpoints: state.endpoints, now: state.now, retry: state.runs.retry, control, userId })
        .finally(() => { live.delete(id); state.events.changed(['runs']); }),
    { cancelMessage: () => 'cancelled; every candidate scored so far is kept — resume to continue' });
    return started;
  };

  const create = (input: OptimizeInput, userId: string | null) => {
    const config = freezeOptimizeConfig(db(), input, state.endpoints);
    const id = createOptimization(db(), config, taskName(input), userId, state.now());
    state.events.changed(['runs']);
    return { id, ...launch(id, userId) };
  };

  return {
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
    'optimizations.resume': ({ id }, ctx) => {
      const row = optimizationRow(db(), id);
      if (row.status === 'done') throw new AppError('conflict', `optimisation ${id} has finished`);
      return { jobId: launch(id, ctx.userId).job.id };
    },
    'optimizations.list': ({ datasetId }) => {
      const ids = db().prepare(`SELECT id FROM optimizations ${datasetId === undefined ? '' : 'WHERE dataset_id = ?'} ORDER BY id DESC`)
        .pluck().all(...(datasetId === undefined ? [] : [datasetId])) as number[];
      return ids.map((id) => optimizationSummary(db(), id));
    },
    'optimizations.get': ({ id }) => ({ optimization: optimizationSummary(db(), id), candidates: candidates(db(), id) }),
    'optimizations.calls': ({ id }) => {
      optimizationRow(db(), id);
      const helper = db().prepare(`SELECT kind, model, candidate_id, cached, tokens_in, tokens_out, cost, prompt, at FROM opt_calls
        WHERE optimization_id = ? ORDER BY id`).all(id) as { kind: 'optimizer' | 'analyzer' | 'embeddings'; model: string; candidate_id: number | null; cached: number; tokens_in: number | null; tokens_out: number | null; cost: number | null; prompt: string; at: string }[];
      const target = db().prepare(`SELECT r.endpoint AS model, c.id AS candidate_id, p.cached, p.tokens_in, p.tokens_out, p.cost, p.prompt, p.judge, p.created_at AS at
        FROM predictions p JOIN runs r ON r.id = p.run_id LEFT JOIN opt_candidates c ON c.run_id = r.id
        WHERE r.optimization_id = ? ORDER BY p.id`).all(id) as { model: string; candidate_id: number | null; cached: number; tokens_in: number | null; tokens_out: number | null; cost: number | null; prompt: string | null; judge: string; at: string }[];
      const textOf = (prompt: string | null) => {
        const parts = prompt ? (JSON.parse(prompt) as { kind: string; text?: string }[]) : [];
        return parts.filter((x) => x.kind === 'text').map((x) => x.text).join(' ');
      };
      return [
        ...target.flatMap((t) => [
          { kind: 'target' as const, model: t.model, candidateId: t.candidate_id, cached: t.cached === 1, tokensIn: t.tokens_in, tokensOut: t.tokens_out, cost: t.cost, prompt: textOf(t.prompt), at: t.at },
          ...(JSON.parse(t.judge) as { prompt: string }[]).map((j) => ({ kind: 'judge' as const, model: 'analyzer', candidateId: t.candidate_id, cached: false, tokensIn: null, tokensOut: null, cost: null, prompt: j.prompt, at: t.at })),
        ]),
        ...helper.map((h) => ({ kind: h.kind, model: h.model, candidateId: h.candidate_id, cached: h.cached === 1, tokensIn: h.tokens_in, tokensOut: h.tokens_out, cost: h.cost, prompt: h.prompt, at: h.at })),
      ];
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
      db().prepare('UPDATE optimizations SET test_original = ?, test_custom = ? WHERE id = ?').run(originalRunId, customRunId, id);
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
  const rows = db.prepare(`SELECT o.id, o.dataset_id, o.task, o.config, o.test_original, o.test_custom FROM optimizations o
    WHERE o.test_original IS NOT NULL AND o.test_custom IS NOT NULL ORDER BY o.test_custom DESC, o.id DESC`)
    .all() as { id: number; dataset_id: number; task: string; config: string; test_original: number; test_custom: number }[];
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
