import type { Command } from 'commander';
import { contract, apiErrorSchema, type VisualResults, type VisualRunReadings } from '@shared/contract';
import { AppError } from '../errors';
import { projectCommand, type Common } from './commands';
import { datasetId } from './eval';
import { numeric, parseOptions, type NumberOption } from './options';
import { finishedJob } from './wait';

interface VisualOptions extends Common { dataset: string; textOnly?: string; vision?: string; runs?: string; threshold?: NumberOption; judge?: string }

const names = (list: string | undefined) => (list ?? '').split(',').map((n) => n.trim()).filter(Boolean);

const side = (images: boolean) => (images ? 'with the image' : 'without the image');

/** What each run ticked gave: how many of its answers were taken as readings, and why the others were not. */
export function runLines(fromRuns: readonly VisualRunReadings[]): string[] {
  return fromRuns.map((r) => `run ${r.runId} (${r.name}): ${r.taken} reading(s) of ${r.model} ${side(r.images)} taken, template ${r.template}`
    + `${r.stale ? `; ${r.stale} stale (question revised since)` : ''}${r.superseded ? `; ${r.superseded} left to a newer reading` : ''}`);
}

/** The check's results as text: the panel, the flagged questions, and each triplet with a role answerable blind. */
export function visualLines(r: VisualResults): string[] {
  const flagged = r.questions.filter((q) => q.blind);
  const seeing = (q: VisualResults['questions'][number]) => (q.visionAsked ? `, ${q.visionRight}/${q.visionAsked} with it` : '');
  const role = (v: boolean | null) => (v === null ? '–' : v ? 'blind' : 'needs image');
  return [
    `${r.questions.length} questions checked by ${r.textOnly.length} text-only model(s) (${r.textOnly.join(', ')})`
      + `${r.vision.length ? ` and ${r.vision.length} vision model(s) (${r.vision.join(', ')})` : ''}; `
      + `flagged when more than ${Math.round(r.threshold * 100)}% answer without the image: ${flagged.length}`,
    ...flagged.map((q) => `  item ${q.extId} ${q.role} (question #${q.questionId}): ${q.blindRight}/${q.blindAsked} right without the image${seeing(q)}`),
    ...r.triplets.filter((t) => t.origin || t.perception || t.knowledge)
      .map((t) => `  triplet ${t.extId}: origin ${role(t.origin)} · perception ${role(t.perception)} · knowledge ${role(t.knowledge)}`),
    ...r.models.map((m) => `  ${m.model} ${side(m.images)}: template ${m.templates.join(', ') || 'unknown'}`),
  ];
}

/** `anchor check visual`: MMStar's coarse filter over a dataset (METHODS §11), with progress; prints the flags. */
export function registerCheck(program: Command): void {
  const check = program.command('check').description('checks that build a better benchmark (issue 36)');
  projectCommand(check, 'visual', (c) => c
    .description('ask text-only models each question without its image (and vision models with it); flag questions answerable blind')
    .requiredOption('--dataset <name>', 'dataset name')
    .option('--text-only <endpoints>', 'text-only endpoints, comma-separated (asked without the image, MMStar\'s 2-shot prompt)')
    .option('--vision <endpoints>', 'vision endpoints, comma-separated (asked with the image, for comparison)')
    .option('--runs <ids>', 'runs of the dataset that already exist, comma-separated: their answers count as readings (without the image when made with images off)')
    .option('--threshold <share>', 'flag when more than this share of the text-only models answer right (MMStar: 0.25, more than 2 of 8)', numeric)
    .option('--judge <endpoint>', 'a judge for replies the rules cannot read'),
  async (backend, out, opts: VisualOptions) => {
    const input = parseOptions(contract['quality.checkVisual'].input, {
      datasetId: await datasetId(backend, opts.dataset), textOnly: names(opts.textOnly), vision: names(opts.vision),
      runs: names(opts.runs).map(numeric), threshold: opts.threshold, judge: opts.judge ?? null,
    }, { datasetId: '--dataset', textOnly: '--text-only', vision: '--vision', runs: '--runs', threshold: '--threshold' });
    const stop = out.follow(backend);
    const { jobId, fromRuns } = await backend.call('quality.checkVisual', input);
    const job = await finishedJob(backend, jobId).finally(stop);
    if (job.status !== 'done') {
      const error = apiErrorSchema.safeParse(job.error);
      throw new AppError(error.success ? error.data.code : 'internal', error.success ? error.data.message : `${job.title} ${job.status}`);
    }
    const r = await backend.call('quality.visual', { datasetId: input.datasetId });
    out.result({ ...r, fromRuns }, () => [...runLines(fromRuns), ...visualLines(r)].join('\n'));
  });
}
