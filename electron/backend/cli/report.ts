import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Seeing } from '@shared/contract';
import type { Backend } from '..';
import type { Output as CliOutput } from './output';
import { AppError } from '../errors';
import { contract, predictionFormats, type Output } from '@shared/contract';
import { ciText, clusterNote, pairBootstrapText, pct1 as pct, verdictText } from '@shared/reports/format';
import { projectCommand, type Common } from './commands';
import { numeric, parseOptions, type NumberOption } from './options';
import { officialLine } from './official-line';
import { datasetId, sweepLines } from './eval';
import { gradingLines } from './grade';
import { qualityReportCommand, type QualityReportOptions } from './quality-report';

const ids = (v: string) => v.split(',').map((x) => numeric(x.trim()));

interface ImportOptions extends Common { dataset: string; format: string; model: string; name?: string; judgeFile?: string; skipUnmatched?: boolean }
interface ReportOptions extends Common, QualityReportOptions {
  html?: string; compare?: NumberOption[]; seeing?: NumberOption[]; templates?: NumberOption[]; quality?: boolean;
}

function importSummary(r: Output<'runs.importPredictions'>): string {
  const lines = [`run ${r.runId}: ${r.predictions} predictions, ${r.correct} right (${pct((100 * r.correct) / r.predictions)}%)`];
  if (r.toolkit) lines.push(`${r.toolkit.source}'s own verdicts: agree on ${r.toolkit.agree} of ${r.toolkit.questions} questions`);
  for (const u of r.unmatched) lines.push(`not imported: ${u.where}: ${u.reason}`);
  return lines.join('\n');
}

/** `anchor runs import` (score a model-output file inside a project) and `anchor report` (a run's report, JSON or HTML). */
export function registerReport(program: Command): void {
  const runs = program.commands.find((c) => c.name() === 'runs');
  if (!runs) throw new Error('register `anchor eval` first: `runs import` joins its `runs` group');
  projectCommand(runs, 'import', (c) => c
    .description('score a model-output file against a dataset of the project, as a finished run')
    .argument('<file>', 'VLMEvalKit {model}_{dataset}.xlsx/TSV/CSV/JSON, lmms-eval --log_samples JSONL, MMEvalPro model-output JSON or MMMU {id: answer} JSON')
    .requiredOption('--dataset <name>', 'the dataset the predictions answer')
    .option('--format <format>', `${predictionFormats.join(' | ')} (auto: by content)`, 'auto')
    .requiredOption('--model <name>', 'the model that wrote the answers')
    .option('--name <name>', 'the run\'s name (default: model · dataset · imported)')
    .option('--judge-file <file>', 'a VLMEvalKit judge result file (…_result.xlsx): its hit and log are kept beside our reading')
    .option('--skip-unmatched', 'import the rows that match a question and list the rest (default: refuse the file)'),
  async (backend, out, opts: ImportOptions, file) => {
    const input = parseOptions(contract['runs.importPredictions'].input, {
      datasetId: await datasetId(backend, opts.dataset), path: typeof file === 'string' ? resolve(file) : file, format: opts.format, model: opts.model,
      name: opts.name || undefined, judgePath: opts.judgeFile ? resolve(opts.judgeFile) : undefined, skipUnmatched: opts.skipUnmatched === true,
    }, { path: '<file>', judgePath: '--judge-file' });
    const r = await backend.call('runs.importPredictions', input);
    out.result(r, () => importSummary(r));
  });

  projectCommand(
    runs, 'reread',
    (c) => c
      .description('read a finished run\'s replies again with the current extraction rules, as a new run to compare with it')
      .argument('<run>', 'run id', numeric),
    async (backend, out, _opts: Common, run) => {
      const { id } = parseOptions(contract['runs.reread'].input, { id: run }, RUN_ARG);
      const r = await backend.call('runs.reread', { id });
      out.result(r, () => `run ${r.runId}: ${r.predictions} replies re-read, ${r.changed} read differently, ${r.correct} right; compare with: anchor report ${r.runId} --compare ${id}`);
    },
  );

  projectCommand(program, 'report', (c) => c
    .description('a run\'s report: accuracy by every grouping with 95% intervals, MMEvalPro, CircularEval, VRP; --html writes the self-contained file; --seeing gives MMStar\'s MG/ML; --quality --dataset X a dataset\'s quality report')
    .argument('[run]', 'run id (see anchor runs list); not needed with --seeing', numeric)
    .option('--compare <ids>', 'comma-separated run ids to compare with (McNemar, disagreements)', ids)
    .option('--seeing <ids>', 'seeing-or-not (MMStar): WITH,WITHOUT[,TEXT] run ids — with images, images withheld, text-only LLM', ids)
    .option('--templates <ids>', 'VRPTest\'s template sweep: the best of these runs\' templates per model, with every template\'s accuracy', ids)
    .option('--html <file>', 'write the HTML report to this file')
    .option('--quality', 'a dataset\'s quality report instead (with --dataset): duplicates, checker agreement, questions answerable blind, provenance')
    .option('--dataset <name>', 'with --quality: the dataset')
    .option('--threshold <bits>', 'with --quality: near-duplicate images differ in at most this many of 64 bits (default 7)', numeric)
    .option('--markdown <file>', 'with --quality: also write the report as Markdown to this file'),
  async (backend, out, opts: ReportOptions, run) => {
    if (opts.quality) {
      await qualityReportCommand(backend, out, opts);
      return;
    }
    if (opts.templates) {
      const input = parseOptions(contract['reports.templates'].input, { runIds: opts.templates }, { runIds: '--templates' });
      const sweep = await backend.call('reports.templates', input);
      out.result(sweep, () => sweepLines(sweep).join('\n'));
      return;
    }
    const seeing = opts.seeing ? await backend.call('reports.seeing', seeingInput(opts.seeing)) : null;
    if (run === undefined) {
      if (!seeing) throw new AppError('invalid_input', 'give a run id, or --seeing WITH,WITHOUT[,TEXT]');
      out.result(seeing, () => seeingLines(seeing).join('\n'));
      return;
    }
    await runReport(backend, out, parseOptions(contract['reports.run'].input, { id: run }, RUN_ARG).id, opts, seeing);
  });
}

/** How the run argument of `anchor report` and `anchor runs reread` is named in an error. */
const RUN_ARG = { id: '<run> (a run id)' };

function seeingInput(runIds: NumberOption[]) {
  const usage = 'two or three run ids: WITH,WITHOUT[,TEXT] (with images, images withheld, text-only LLM)';
  if (runIds.length < 2 || runIds.length > 3) throw new AppError('invalid_input', `--seeing takes ${usage}`);
  const [withImages, withoutImages, textOnly = null] = runIds;
  return parseOptions(contract['reports.seeing'].input, { withImages, withoutImages, textOnly }, { withImages: '--seeing WITH', withoutImages: '--seeing WITHOUT', textOnly: '--seeing TEXT' });
}

function seeingLines(s: Seeing): string[] {
  const lines = [`seeing-or-not on ${s.common} common questions: S_v ${pct(s.sv.accuracy)}% · S_wv ${pct(s.swv.accuracy)}%${s.st ? ` · S_t ${pct(s.st.accuracy)}%` : ''}`,
    `  MG ${pct(s.mg)} points (S_v − S_wv)${s.ml === null ? '' : ` · ML ${pct(s.ml)} points (max(0, S_wv − S_t))`}`];
  const from = (label: string, r: Seeing['sources']['sv']) =>
    `  ${label} from run ${r.id} "${r.name}" (${r.model}, ${r.templateName}, ${r.images ? 'with images' : 'no images'})`;
  lines.push(from('S_v ', s.sources.sv), from('S_wv', s.sources.swv), ...(s.sources.st ? [from('S_t ', s.sources.st)] : []));
  if (s.note) lines.push(`  note: ${s.note}`);
  for (const w of s.warnings) lines.push(`  warning: ${w}`);
  return lines;
}

async function runReport(backend: Backend, out: CliOutput, id: number, opts: ReportOptions, seeing: Seeing | null): Promise<void> {
  // The run itself is no comparison; the rest are run ids, as the HTML report's input says.
  const { compare } = parseOptions(contract['reports.html'].input, { id, compare: (opts.compare ?? []).filter((x) => x !== id) });
  const report = await backend.call('reports.run', { id });
  const comparison = compare.length ? await backend.call('reports.compare', { runIds: [id, ...compare], limit: 1000 }) : null;
  // The newest grading of the run's open answers (METHODS §5.1), when it has one.
  const newest = (await backend.call('gradings.list', { runId: id }))[0];
  const grading = newest ? await backend.call('gradings.report', { id: newest.id }) : null;
  let written: string | null = null;
  if (opts.html) {
    const { html } = await backend.call('reports.html', { id, compare });
    written = resolve(opts.html);
    writeFileSync(written, html);
  }
  out.result({ ...report, comparison, seeing, grading, html: written }, () => {
    const o = report.accuracy.overall;
    const lines = [`${report.run.name}: ${pct(o.accuracy)}% (${o.correct}/${o.n}, 95% CI ${ciText(o)} Wilson${o.ci95Cluster ? `; ${clusterNote(o)}` : ''})`];
    const m = report.mmevalpro?.Micro_Average;
    if (m) lines.push(`  MMEvalPro (Micro): GA ${m.genuine_accuracy_score} · AA ${m.average_score} · OA ${m.origin_score} · PA ${m.perception_score} · KA ${m.knowledge_score} · CG ${m.consistency_gap} · PC ${m.perception_consistency} · KC ${m.knowledge_consistency}`);
    if (m?.incomplete_triplets) lines.push(`  ${m.incomplete_triplets} incomplete triplet(s) left out of GA, CG, PC and KC`);
    lines.push(...report.official.map(officialLine));
    const l1 = report.accuracy.by.l1Category;
    if (l1) lines.push(`  MMBench L1: ${Object.entries(l1).map(([ability, c]) => `${ability} ${pct(c.accuracy)}% (${c.correct}/${c.n})`).join(' · ')}`);
    if (report.circular) lines.push(`  CircularEval ${pct(report.circular.circular.accuracy)}% vs single pass ${pct(report.circular.singlePass.accuracy)}%`);
    const v = report.trials;
    if (v) lines.push(`  majority of ${v.trials} trials ${pct(v.majority.accuracy)}% vs first trial ${pct(v.firstTrial.accuracy)}%; mean agreement ${pct(100 * v.meanAgreement)}%, ${v.unanimous}/${v.voted} unanimous, ${v.ties} ties`);
    if (comparison?.note) lines.push(`  note: ${comparison.note}`);
    for (const p of comparison?.pairs ?? []) {
      const boot = p.clusterBootstrap ? `, paired cluster bootstrap ${pairBootstrapText(p)}` : '';
      lines.push(`  vs run ${p.second}: Δ ${pct(p.delta)} points, McNemar p = ${p.mcnemar.pValue.toPrecision(3)}${boot}: ${verdictText(p)}`);
    }
    if (seeing) lines.push(...seeingLines(seeing));
    if (grading) lines.push(...gradingLines(grading));
    if (written) lines.push(`  wrote ${written}`);
    return lines.join('\n');
  });
}
