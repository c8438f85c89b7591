import type { Command } from 'commander';
import type { Backend } from '..';
import { contract, MAX_SWEEP_TEMPLATES, type RunOutcome, type RunSummary, type SweepEntry, type TemplateSweep } from '@shared/contract';
import { VRP_SWEEP_TEMPLATES } from '@shared/prompts/templates';
import { AppError } from '../errors';
import { projectCommand, type Common } from './commands';
import { numeric, parseOptions, RUN_ID, type NumberOption } from './options';
import { registerRunExport } from './run-export';
import type { Output } from './output';
import { runEnd } from './wait';

/** How the run stands in words: its status, or once ended how (done, done with N errors, failed). */
function runState(r: RunSummary): string {
  if (r.ending === 'done_with_errors') return `done with ${r.errors} error${r.errors === 1 ? '' : 's'}`;
  return r.ending ?? r.status;
}

export function describeRun(r: RunSummary): string {
  const pct = r.answered ? ` (${((100 * r.correct) / r.answered).toFixed(1)}% of answered)` : '';
  const cost = r.cost === null ? '' : `, $${r.cost.toFixed(4)}`;
  return [
    `Run ${r.id} "${r.name}" — ${runState(r)}${r.error ? `: ${r.error}` : ''}`,
    `  ${r.answered}/${r.units} answered, ${r.correct} correct${pct}, ${r.failedExtraction} unreadable, ${r.errors} errors, ${r.cached} from cache`,
    `  tokens ${r.tokensIn} in / ${r.tokensOut} out${cost}; template ${r.templateName} #${r.templateHash}${r.circular ? '; CircularEval' : ''}${r.images ? '' : '; images withheld'}${r.vrpClarification ? '; VRP clarification' : ''}`,
  ].join('\n');
}

/**
 * Waits for a run's job, pausing it cleanly on Ctrl-C so `anchor eval` again resumes where it stopped. A run that ended
 * by itself with an error (storage, key, fail-fast) is the command's failure, with the error's code.
 */
async function follow(backend: Backend, out: Output, runId: number, jobId: string | null): Promise<RunSummary> {
  const stop = out.follow(backend);
  const onSigint = () => {
    process.stderr.write('\nanchor: pausing — answers received so far are kept; run the same command again to resume\n');
    void backend.call('runs.pause', { id: runId }).catch(() => undefined);
  };
  process.once('SIGINT', onSigint);
  let outcome: RunOutcome | null;
  try {
    outcome = await runEnd(backend, jobId);
  } finally {
    process.off('SIGINT', onSigint);
    stop();
  }
  const summary = await backend.call('runs.get', { id: runId });
  // The count is the file's: an answer received as the disk filled was counted by the run but never stored.
  if (outcome?.error) throw new AppError(outcome.error.code, `run ${runId} ${outcome.status} after ${summary.answered} answers: ${outcome.error.message}`);
  // Every request failed: the command failed too, so a script never takes an empty run for a result.
  if (outcome && summary.ending === 'failed') throw new AppError('endpoint_failed', `run ${runId} failed: ${summary.error ?? 'no request was answered'}`);
  return summary;
}

export async function datasetId(backend: Backend, name: string): Promise<number> {
  const found = (await backend.call('datasets.list')).find((d) => d.name === name);
  if (!found) throw new AppError('not_found', `no dataset named "${name}" (see \`anchor info\`)`);
  return found.id;
}

interface EvalOptions extends Common {
  dataset: string; model: string; roles?: string; circular?: boolean; image: boolean; concurrency?: NumberOption; limit?: NumberOption;
  judge?: string; template: string; seed?: NumberOption; temperature?: NumberOption; maxTokens?: NumberOption; failFast?: boolean; new?: boolean;
  vrpClarification?: boolean;
  trials?: NumberOption;
  templates?: string;
  batch?: boolean;
  triplets?: string;
}

export function registerEval(program: Command): void {
  projectCommand(program, 'eval', (c) => c
    .description('evaluate a model on a dataset; running the same command again resumes an unfinished run')
    .requiredOption('--dataset <name>', 'dataset name')
    .requiredOption('--model <name>', 'an endpoint name (anchor models list), or random-guess')
    .option('--roles <list>', 'comma-separated: origin,perception,knowledge (default all)')
    .option('--triplets <which>', 'triplet questions asked: submitted (default, not while being written) | accepted | drafts (drafts being written too)')
    .option('--circular', 'CircularEval: ask each k-option question k times with rotated options')
    .option('--no-image', 'withhold images (seeing-or-not)')
    .option('--concurrency <n>', 'requests in flight (default: the endpoint\'s)', numeric)
    .option('--limit <n>', 'only the first N questions', numeric)
    .option('--judge <name>', 'endpoint that reads answers the rules cannot')
    .option('--template <id>', 'prompt preset: vlmevalkit-mcq | mmevalpro-lmm | mmevalpro-llm | mmmu', 'vlmevalkit-mcq')
    .option('--templates <ids>', 'VRPTest\'s template sweep: up to four presets, one run each, and the best named (`vrp` for the four of METHODS §6.6)')
    .option('--seed <n>', 'sampling seed (and the random baseline\'s)', numeric)
    .option('--temperature <t>', 'sampling temperature (default: the endpoint\'s)', numeric)
    .option('--max-tokens <n>', 'max tokens per reply', numeric)
    .option('--fail-fast', 'stop at the first request that fails after its retries')
    .option('--vrp-clarification', 'VRPTest\'s mitigation: tell the model a variant\'s instruction is written in the image (full) or marked on it (partial)')
    .option('--trials <n>', 'VRPTest\'s repeated trials: ask each question N times and score the majority answer (for endpoints that are not deterministic; 5 is suggested)', numeric)
    .option('--batch', 'send as one provider batch (/v1/files + /v1/batches); a rerun polls the same batch')
    .option('--new', 'start a new run even if an unfinished one has this configuration'),
  (backend, out, opts: EvalOptions) => evaluate(backend, out, opts));
  registerRuns(program);
}

/**
 * `anchor eval`: plans the run, says what it will cost, then starts (or resumes) it and follows it to its end. With
 * `--templates`, one run per template in turn, then the sweep: every template's accuracy and the best one.
 */
async function evaluate(backend: Backend, out: Output, opts: EvalOptions): Promise<void> {
  if (!opts.templates) {
    const { summary, resumed } = await evaluateOne(backend, out, opts);
    return out.result({ ...summary, resumed }, () => describeRun(summary));
  }
  const templates = sweepTemplates(opts.templates);
  const runs: RunSummary[] = [];
  for (const template of templates) {
    if (!out.json) process.stderr.write(`template ${template}:\n`);
    runs.push((await evaluateOne(backend, out, { ...opts, template })).summary);
  }
  const sweep = await backend.call('reports.templates', { runIds: runs.map((r) => r.id) });
  out.result({ runs, sweep }, () => [...runs.map(describeRun), ...sweepLines(sweep)].join('\n'));
}

/** The templates a sweep names: `vrp` for VRPTest's four defaults, else presets by id, at most four. */
function sweepTemplates(list: string): string[] {
  const ids = list === 'vrp' ? [...VRP_SWEEP_TEMPLATES] : [...new Set(list.split(',').map((t) => t.trim()).filter(Boolean))];
  if (ids.length === 0 || ids.length > MAX_SWEEP_TEMPLATES) throw new AppError('invalid_input', `--templates takes 1 to ${MAX_SWEEP_TEMPLATES} template ids (or vrp)`);
  return ids;
}

export function sweepLines(sweep: TemplateSweep): string[] {
  const pct = (e: SweepEntry) => `${e.accuracy.accuracy.toFixed(1)}% (${e.accuracy.correct}/${e.accuracy.n})`;
  return [
    ...sweep.models.flatMap((m) => [
      `${m.model}: best template ${m.best ? `${m.best.templateName} — ${pct(m.best)}, run ${m.best.runId}` : 'not decided yet'}`,
      ...m.templates.map((e) => `  ${e.templateName} #${e.templateHash}: ${pct(e)}, run ${e.runId}${e.trials > 1 ? `, majority of ${e.trials} trials` : ''}`),
    ]),
    ...sweep.notes.map((n) => `  note: ${n}`),
  ];
}

async function evaluateOne(backend: Backend, out: Output, opts: EvalOptions): Promise<{ summary: RunSummary; resumed: boolean }> {
  const input = parseOptions(contract['runs.plan'].input, {
    datasetId: await datasetId(backend, opts.dataset), model: opts.model, templateId: opts.template, circular: Boolean(opts.circular),
    images: opts.image, failFast: Boolean(opts.failFast), batch: Boolean(opts.batch), vrpClarification: opts.vrpClarification ? true : undefined,
    trials: opts.trials,
    roles: opts.roles?.split(',').map((r) => r.trim()), triplets: opts.triplets, limit: opts.limit, concurrency: opts.concurrency,
    judge: opts.judge || undefined, seed: opts.seed, temperature: opts.temperature, maxTokens: opts.maxTokens,
  }, { templateId: '--template', images: '--no-image', datasetId: '--dataset', trials: '--trials' });
  if (input.model === 'human') throw new AppError('invalid_input', 'human runs are answered in the studio (Runs screen), not from the CLI');
  const plan = await backend.call('runs.plan', input);
  if (!out.json) process.stderr.write(`${plan.requests} requests (${plan.fromCache} from cache)${plan.maxCost !== null ? `, at most $${plan.maxCost.toFixed(4)}` : ''}${plan.batchDiscount !== null ? ` as one batch (${Math.round(plan.batchDiscount * 100)}% batch discount applied)` : ''}\n${plan.warnings.map((w) => `  note: ${w}\n`).join('')}`);
  const started = await backend.call('runs.start', { ...input, resume: !opts.new });
  if (started.resumed && !out.json) process.stderr.write(`resuming run ${started.runId}\n`);
  return { summary: await follow(backend, out, started.runId, started.jobId), resumed: started.resumed };
}

/** `anchor runs …`: list, show, retry and resume a project's runs. */
function registerRuns(program: Command): void {
  const runs = program.command('runs').description('evaluation runs of a project');
  projectCommand(runs, 'list', (c) => c, async (backend, out) => {
    const list = await backend.call('runs.list');
    out.result(list, () => (list.length === 0 ? 'No runs yet: anchor eval --project F --dataset NAME --model NAME' : list.map(describeRun).join('\n')));
  });
  projectCommand(runs, 'show', (c) => c.argument('<id>', 'run id', numeric), async (backend, out, _opts: Common, arg) => {
    const { id } = parseOptions(contract['runs.get'].input, { id: arg }, RUN_ID);
    const summary = await backend.call('runs.get', { id });
    const byPath: Record<string, number> = {};
    for (const path of ['exact', 'letter', 'option-text', 'judge', 'unanswerable', 'failed'] as const) {
      byPath[path] = (await backend.call('runs.predictions', { runId: id, extraction: path, limit: 1 })).total;
    }
    out.result({ ...summary, byExtraction: byPath }, () =>
      `${describeRun(summary)}\n  extraction: ${Object.entries(byPath).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  });
  for (const [name, method, text] of [['retry', 'runs.retryErrors', 're-ask only the requests that failed'], ['resume', 'runs.resume', 'ask the questions not answered yet']] as const) {
    projectCommand(runs, name, (c) => c.description(text).argument('<id>', 'run id', numeric)
      .option('--accept-endpoint-change', 'continue even though this machine\'s endpoint of the run\'s name is now another model or on other URLs (recorded in the run)'),
    async (backend, out, opts: Common & { acceptEndpointChange?: boolean }, arg) => {
      const input = parseOptions(contract[method].input, { id: arg, acceptEndpointChange: Boolean(opts.acceptEndpointChange) }, RUN_ID);
      const { jobId } = await backend.call(method, input);
      const summary = await follow(backend, out, input.id, jobId);
      out.result(summary, () => describeRun(summary));
    });
  }
  registerRunExport(runs);
}
