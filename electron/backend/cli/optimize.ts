import type { Command } from 'commander';
import { contract, type Optimization, type OptimizePlan } from '@shared/contract';
import { withProject, type Common } from './commands';
import { numeric, parseOptions, type NumberOption } from './options';
import { finishedJob, runSettled } from './wait';

interface OptimizeOptions extends Common {
  dataset: string; model: string; optimizer: string; analyzer?: string; embeddings?: string; task?: string; rounds?: NumberOption;
  prefix?: boolean; wrapperOnly?: boolean; questionTemplate?: string; zeroShot?: boolean; dryRun?: boolean; evaluate?: boolean; alpha?: NumberOption;
  alphaStar?: NumberOption; resume?: NumberOption; acceptEndpointChange?: boolean; lexicalSimilarity?: boolean; taskBy?: string; maxExamples?: NumberOption;
  maxWrong?: NumberOption;
}

function humanPlan(plan: OptimizePlan): string {
  const c = plan.calls;
  return [
    `task "${plan.task}": ${plan.fewSize} few-shot items, ${plan.testSize} held out; ${plan.candidates} candidate prompts`,
    `at most ${plan.total} calls: ${c.target} to the target, ${c.optimizer} to the optimizer, ${c.analyzer} to the analyzer, ${c.embeddings} for embeddings`,
    `(plus up to ${c.judgeAtMost} answer readings by the analyzer where the rules cannot read a reply, and up to ${c.optimizerRetriesAtMost} proposals asked again)`,
    `similarity: ${similarityLine(plan.similarity)}; tasks by ${plan.taskBy}`,
    `optimised: ${scopeLine(plan.scope, plan.questionTemplate)}`,
    ...plan.warnings.map((w) => `warning: ${w}`),
  ].join('\n');
}

function similarityLine(similarity: OptimizePlan['similarity']): string {
  if (similarity === 'embeddings') return 'cosine of the embeddings endpoint\'s vectors';
  return similarity === 'lexical' ? 'lexical (shared words; opted in)' : 'none configured — give --embeddings <endpoint>, or opt in with --lexical-similarity';
}

/** Per round: how many proposals were asked, valid and refused, and why. */
function roundLines(o: Optimization): string[] {
  return o.roundReports.map((r) => `round ${r.round}: ${r.valid} valid of ${r.asked} asked${r.rejected ? `; refused ${r.rejected}: ${r.reasons.map((x) => `${x.problem} ×${x.count}`).join(', ')}` : ''}`);
}

function scopeLine(scope: OptimizePlan['scope'], template: string | null): string {
  if (scope === 'question-template' && template !== null && !/\{[A-Za-z_]\w*\}/.test(template)) return `the whole task prompt, including the question every item asks ("${template}"), which may be rewritten`;
  if (scope === 'question-template') return `the whole task prompt, with the question template "${template}" (its slots kept)`;
  return scope === 'wrapper' ? 'the wording around {question} (the questions stay verbatim)' : 'a prefix before every question';
}

function humanResult(o: Optimization): string {
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(1)}%`);
  const lines = [`optimisation ${o.id} (${o.name}): ${o.status}, ${o.round} of ${o.rounds} rounds, ${o.calls} calls${o.cost !== null ? `, $${o.cost.toFixed(4)}` : ''}`];
  lines.push(`optimised: ${scopeLine(o.scope, o.questionTemplate?.text ?? null)}; tasks by ${o.taskBy}`, ...roundLines(o), ...o.warnings.map((w) => `warning: ${w}`));
  if (o.chosen) lines.push(`chosen (α* re-ranking): accuracy on D_few ${pct(o.chosen.accuracy)}, similarity ${o.chosen.similarity?.toFixed(3) ?? '—'} (${o.similarity})`, o.chosen.prompt);
  return lines.join('\n');
}

/** `anchor optimize`: TP-Eval prompt customisation for one model and task, headless. */
export function registerOptimize(program: Command): void {
  program
    .command('optimize')
    .description('customise a task\'s prompt for one model with TP-Eval (optimizer–scorer loop on a few-shot set)')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .requiredOption('--dataset <name>', 'the dataset')
    .requiredOption('--model <name>', 'the endpoint whose prompt is customised')
    .requiredOption('--optimizer <name>', 'the endpoint that proposes prompts (also the analyzer unless --analyzer)')
    .option('--analyzer <name>', 'the endpoint that reads answers and explains mistakes')
    .option('--embeddings <name>', 'an endpoint serving /v1/embeddings for similarity (required unless --lexical-similarity)')
    .option('--lexical-similarity', 'without an embeddings endpoint, measure similarity by shared words (recorded and labelled; scores a paraphrase low)')
    .option('--task <value>', 'the task to optimise: a value of the --task-by column (default: the whole dataset)')
    .option('--task-by <column>', 'what divides the dataset into tasks: category, l2_category, subject, source, split, meta.<key>, mmmu-subject (default: MMMU subjects for MMMU ids, else category)')
    .option('--rounds <n>', 'rounds N (default 16)', numeric)
    .option('--alpha <x>', 'α while optimising (default 0.8)', numeric)
    .option('--alpha-star <x>', 'α* when re-ranking (default 0.6)', numeric)
    .option('--max-examples <n>', 'examples with answers in the optimizer\'s meta-prompt (default: all of D_few, as the paper)', numeric)
    .option('--max-wrong <n>', 'wrong answers shown to the analyzer (default: all, as the paper)', numeric)
    .option('--prefix', 'optimise an added "Answer the questions about {task}" prefix instead of the whole prompt')
    .option('--question-template <text>', 'the task\'s question template with {name} slots, e.g. "How many {object} are there?" (default: detected from the questions)')
    .option('--wrapper-only', 'optimise only the wording around {question}, even when the questions share a template')
    .option('--zero-shot', 'learn from other tasks\' optimised prompts; no labelled example of this task is used')
    .option('--dry-run', 'only count the calls it would make')
    .option('--evaluate', 'then ask the held-out test set with the original and the chosen prompt')
    .option('--resume <id>', 'continue an interrupted optimisation (finished calls come from the cache)', numeric)
    .option('--accept-endpoint-change', 'with --resume: continue even though an endpoint of a recorded name is now another model or on other URLs')
    .option('--json', 'print one JSON document')
    .action(async (opts: OptimizeOptions) =>
      withProject(opts, false, async (backend, out) => {
        const dataset = (await backend.call('datasets.list')).find((d) => d.name === opts.dataset);
        if (!dataset) throw new Error(`no dataset named "${opts.dataset}"`);
        const input = parseOptions(contract['optimizations.plan'].input, {
          datasetId: dataset.id, target: opts.model, optimizer: opts.optimizer, analyzer: opts.analyzer ?? null,
          embeddings: opts.embeddings ?? null, lexicalSimilarity: Boolean(opts.lexicalSimilarity), task: opts.task ?? null, taskBy: opts.taskBy ?? 'auto',
          mode: opts.prefix ? 'prefix' : 'whole', zeroShot: Boolean(opts.zeroShot), scope: opts.wrapperOnly ? 'wrapper' : 'auto',
          questionTemplate: opts.questionTemplate ?? null,
          params: { rounds: opts.rounds, alpha: opts.alpha, alphaStar: opts.alphaStar, maxExamples: opts.maxExamples, maxWrong: opts.maxWrong },
        }, { target: '--model', mode: '--prefix', scope: '--wrapper-only', taskBy: '--task-by', lexicalSimilarity: '--lexical-similarity' });
        if (opts.resume !== undefined) {
          const resume = parseOptions(contract['optimizations.resume'].input, { id: opts.resume, acceptEndpointChange: Boolean(opts.acceptEndpointChange) }, { id: '--resume' });
          const stop = out.follow(backend);
          const { jobId } = await backend.call('optimizations.resume', resume);
          await finishedJob(backend, jobId);
          stop();
          const { optimization } = await backend.call('optimizations.get', { id: resume.id });
          if (optimization.status !== 'done') throw new Error(`optimisation ${resume.id} stopped: ${optimization.error ?? optimization.status}`);
          out.result({ optimization }, () => humanResult(optimization));
          return;
        }
        const plan = await backend.call('optimizations.plan', input);
        if (opts.dryRun) {
          out.result(plan, () => humanPlan(plan));
          return;
        }
        const stop = out.follow(backend);
        try {
          const done = await backend.call('optimizations.run', input);
          let evaluation: { originalRunId: number; customRunId: number } | null = null;
          if (opts.evaluate && done.chosen) {
            evaluation = await backend.call('optimizations.evaluate', { id: done.id });
            await runSettled(backend, evaluation.originalRunId);
            await runSettled(backend, evaluation.customRunId);
          }
          stop();
          const report = evaluation ? (await backend.call('optimizations.report')).tasks.find((t) => t.optimizationId === done.id) ?? null : null;
          out.result({ optimization: done, plan, evaluation: report }, () => {
            const text = humanResult(done);
            return report ? `${text}\ntest set: original ${(report.original * 100).toFixed(1)}% → customised ${(report.customised * 100).toFixed(1)}%` : text;
          });
        } finally {
          stop();
        }
      }),
    );
}
