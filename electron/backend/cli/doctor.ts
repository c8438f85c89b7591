import type { Command } from 'commander';
import { AppError } from '../errors';
import { withProject, type Common } from './commands';

interface DoctorOptions extends Common { fix?: boolean }

/** `anchor doctor summaries`: checks that every stored run summary equals a recomputation from its predictions. */
export function registerDoctor(program: Command): void {
  const doctor = program.command('doctor').description('check a project\'s stored figures against what they are computed from');
  doctor
    .command('summaries')
    .description('recompute every run\'s stored summary from its predictions and compare; --fix rewrites the ones that differ or are missing')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .option('--fix', 'rewrite differing and missing summaries from predictions')
    .option('--json', 'print one JSON document')
    .action(async (opts: DoctorOptions) =>
      withProject(opts, false, async (backend, out) => {
        const check = await backend.call('reports.doctor', { fix: Boolean(opts.fix) });
        if (check.mismatched.length > 0 && !opts.fix) {
          const list = check.mismatched.map((m) => `run ${m.runId} (${m.parts.join(', ')})`).join('; ');
          throw new AppError('conflict', `${check.mismatched.length} of ${check.checked} stored summaries differ from their predictions: ${list}; run again with --fix to rewrite them`);
        }
        out.result(check, () => [
          `${check.checked} stored summaries recomputed from predictions: ${check.mismatched.length === 0 ? 'all equal' : `${check.mismatched.length} differed`}`,
          `${check.unsummarised} run(s) without a fresh summary (computed when next read)`,
          ...(opts.fix ? [`${check.fixed} summaries rewritten`] : []),
        ].join('\n'));
      }),
    );
}
