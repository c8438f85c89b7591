import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createBackend, type Backend } from '..';
import { AppError } from '../errors';
import { contract } from '@shared/contract';
import { createOutput, type Output } from './output';
import { numeric, parseOptions } from './options';

export interface Common {
  project?: string;
  json?: boolean;
}

/**
 * Runs `fn` on a backend without a project, reporting failures as the command's output, and always closes it. The
 * result is printed only after the close succeeded: a close that fails (the last checkpoint on a full or read-only
 * disk) is the command's failure, never an `ok:true` followed by exit 1.
 */
export async function withBackend(json: boolean | undefined, fn: (backend: Backend, out: Output) => Promise<void>): Promise<void> {
  const out = createOutput(Boolean(json));
  let backend: Backend | null = null;
  try {
    backend = await createBackend();
    await fn(backend, out);
  } catch (error) {
    await backend?.close().catch(() => undefined);
    out.fail(error);
  }
  try {
    await backend?.close();
  } catch (error) {
    out.fail(error);
  }
  out.flush();
}

/** Opens the project named by `--project` (creating it for imports), runs `fn`, and always closes cleanly. */
export async function withProject(opts: Common, create: boolean, fn: (backend: Backend, out: Output) => Promise<void>): Promise<void> {
  return withBackend(opts.json, async (backend, out) => {
    if (!opts.project) throw new Error('name the project with --project FILE.anchor');
    const path = resolve(opts.project);
    if (existsSync(path)) await backend.call('projects.open', { path });
    else if (create) await backend.call('projects.create', { path });
    else {
      const make = `\`anchor import FILE --project ${opts.project}\` or \`anchor users add NAME --project ${opts.project} --role lead\``;
      throw new AppError('not_found', `no project at ${path}: ${make} creates one`);
    }
    await fn(backend, out);
  });
}

/**
 * Declares `name` under `parent` as a command on an existing project (or, with `create`, one it makes when missing)
 * and runs `run` inside `withProject`. Options are added in the order `--help` lists them: `--project` first, then
 * the ones `own` adds (with any description and arguments), `--json` last. `run` gets the parsed options and then the
 * command's arguments, as commander parsed them.
 */
export function projectCommand<O extends Common>(
  parent: Command,
  name: string,
  own: (command: Command) => Command,
  run: (backend: Backend, out: Output, opts: O, ...args: unknown[]) => Promise<void>,
  { create = false }: { create?: boolean } = {},
): Command {
  const command = own(parent.command(name).requiredOption('--project <file>', 'the *.anchor project file'));
  return command
    .option('--json', 'print one JSON document')
    .action(async () => {
      const opts = command.opts<O>();
      // processedArgs holds the arguments after their parsers (`numeric` for ids), in declaration order; `run` puts
      // them into the method's input, whose schema says what each must be.
      const args: unknown[] = command.processedArgs;
      return withProject(opts, create, (backend, out) => run(backend, out, opts, ...args));
    });
}

interface ExportOptions extends Common {
  dataset: string; format: string; out: string; acceptedOnly?: boolean; includeOverridden?: boolean; reviewHistory?: string; license?: string;
  citation?: string; shardMb?: string; quality?: boolean;
}

/**
 * `--shard-mb` in bytes: any positive number of MB, fractions included (0.2 is about 200 KB). Zero, a negative, NaN or
 * text is refused, never read as "no limit" (it was once parsed as a whole number, so 0.2 fell back to the default).
 */
export function shardBytesOf(mb: string | undefined): number | undefined {
  if (mb === undefined) return undefined;
  const value = numeric(mb);
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new AppError('invalid_input', `--shard-mb takes a positive number of MB such as 0.2 or 300; got "${mb}"`);
  return Math.max(1, Math.round(value * 1024 * 1024));
}

export function registerCommands(program: Command): void {
  registerImport(program);
  registerExport(program);
  registerInfo(program);
}

/** `anchor import`: benchmark files into a new dataset. */
function registerImport(program: Command): void {
  program
    .command('import')
    .description('import benchmark files into a new dataset (creates the project if it does not exist)')
    .argument('<files...>', 'TSV, JSON, JSONL or parquet files')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .option('--format <format>', 'auto | vlmevalkit | mmevalpro | mmmu | jsonl | mmvet', 'auto')
    .option('--dataset <name>', 'name of the new dataset (default: the first file name)')
    .option('--encoding <name>', 'the text files\' encoding when not UTF-8 (latin1, windows-1252, utf-16le…)')
    .option('--json', 'print one JSON document')
    .action(async (files: string[], opts: Common & { format: string; dataset?: string; encoding?: string }) =>
      withProject(opts, true, async (backend, out) => {
        const input = parseOptions(contract['imports.run'].input, {
          files: files.map((f) => resolve(f)), format: opts.format, dataset: opts.dataset || undefined, encoding: opts.encoding || undefined,
        });
        const stop = out.follow(backend);
        try {
          const result = await backend.call('imports.run', input);
          stop();
          out.result(result, () =>
            `Imported ${result.questions} questions (${result.items} items, ${result.images} new images) into dataset "${result.dataset}" [${result.format}]`);
        } finally {
          stop();
        }
      }),
    );
}

/** `anchor export`: a dataset in a benchmark's format or as a Hugging Face release. */
function registerExport(program: Command): void {
  program
    .command('export')
    .description('write a dataset as VLMEvalKit TSV, MMEvalPro JSON, or a Hugging Face release folder (hf-parquet)')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .requiredOption('--dataset <name>', 'dataset name')
    .requiredOption('--format <format>', 'vlmevalkit | mmevalpro | hf-parquet')
    .requiredOption('--out <file>', 'file to write (hf-parquet: the folder that receives data/*.parquet and README.md)')
    .option('--accepted-only', 'only triplets both checkers accepted')
    .option('--include-overridden', 'with --accepted-only: also triplets a lead accepted by override, without the double check')
    .option('--review-history <file>', 'also write assignments, verdicts and overrides as JSON')
    .option('--license <id>', 'hf-parquet: the licence the dataset card states (e.g. cc-by-4.0; default: the imported release\'s, else other)')
    .option('--citation <file>', 'hf-parquet: a BibTeX file for the card\'s citation (default: the imported release\'s)')
    .option('--shard-mb <n>', 'hf-parquet: the largest shard in MB, fractions allowed (default 300)')
    .option('--quality', 'hf-parquet: put the dataset\'s quality report in the card and beside it (quality.json)')
    .option('--json', 'print one JSON document')
    .action(async (opts: ExportOptions) =>
      withProject(opts, false, async (backend, out) => {
        const input = parseOptions(contract['exports.run'].input, {
          dataset: opts.dataset, format: opts.format, out: resolve(opts.out),
          acceptedOnly: Boolean(opts.acceptedOnly), includeOverridden: Boolean(opts.includeOverridden),
          reviewHistory: opts.reviewHistory ? resolve(opts.reviewHistory) : undefined, license: opts.license || undefined,
          citation: opts.citation ? readFileSync(resolve(opts.citation), 'utf8') : undefined, shardBytes: shardBytesOf(opts.shardMb),
          quality: Boolean(opts.quality),
        }, { shardBytes: '--shard-mb' });
        const result = await backend.call('exports.run', input);
        out.result(result, () => `Wrote ${result.questions} questions (${result.items} items${opts.acceptedOnly ? ', accepted only' : ''}) to ${result.path}`
          + (result.shards ? ` (${result.shards} parquet shard${result.shards === 1 ? '' : 's'} and README.md${opts.quality ? ' with the quality report, and quality.json' : ''})` : '')
          + (result.reviewHistory ? `
Wrote the review history of ${result.reviewHistory.triplets} triplets to ${result.reviewHistory.path}` : ''));
      }),
    );
}

/** `anchor info`: the datasets of a project. */
function registerInfo(program: Command): void {
  program
    .command('info')
    .description('list datasets with question counts per role and source')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .option('--json', 'print one JSON document')
    .action(async (opts: Common) =>
      withProject(opts, false, async (backend, out) => {
        const project = (await backend.call('app.info')).project!;
        const datasets = await backend.call('datasets.list');
        out.result({ project, datasets }, () => {
          if (datasets.length === 0) return `${project.path}: no datasets yet (add one with \`anchor import FILE --project ${project.path}\`)`;
          const lines = [`${project.path}`];
          for (const d of datasets) {
            const roles = Object.entries(d.byRole).map(([k, v]) => `${k} ${v}`).join(', ');
            const sources = Object.entries(d.bySource).map(([k, v]) => `${k} ${v}`).join(', ');
            lines.push(`  ${d.name} [${d.format}]: ${d.itemCount} items, ${d.questionCount} questions`);
            lines.push(`    roles: ${roles}`);
            lines.push(`    sources: ${sources}`);
          }
          return lines.join('\n');
        });
      }),
    );
}
