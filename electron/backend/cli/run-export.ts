import { resolve } from 'node:path';
import type { Command } from 'commander';
import { contract, runExportFormats } from '@shared/contract';
import { resultFileName } from '../runs/results/export';
import { projectCommand, type Common } from './commands';
import { numeric, parseOptions, RUN_ID } from './options';

interface ExportOptions extends Common { format: string; out?: string }

/** `anchor runs export ID --format csv|jsonl|vlmevalkit-xlsx [--out FILE]`: a run's results leave the studio. */
export function registerRunExport(runs: Command): void {
  projectCommand(runs, 'export', (c) => c
    .description('write a run\'s results: one row per question and pass (reply, reading, path, judge, gold, outcome, tokens, cost), or VLMEvalKit\'s prediction workbook')
    .argument('<id>', 'run id', numeric)
    .requiredOption('--format <format>', runExportFormats.join(' | '))
    .option('--out <file>', 'where to write (default: run-ID-results.csv/.jsonl, or {model}_{dataset}.xlsx as VLMEvalKit names it)'),
  async (backend, out, opts: ExportOptions, arg) => {
    // Parsed before the default file name is made from the run and the format; `out` is checked again once named.
    const { id, format } = parseOptions(contract['runs.export'].input, { id: arg, format: opts.format, out: opts.out ?? 'default' }, RUN_ID);
    const file = resolve(opts.out ?? resultFileName(await backend.call('runs.get', { id }), format));
    const r = await backend.call('runs.export', { id, format, out: file });
    const left = r.withoutReply > 0 ? ` (${r.withoutReply} questions without a reply left out)` : '';
    out.result(r, () => `${r.rows} rows written to ${r.path}${left}`);
  });
}
