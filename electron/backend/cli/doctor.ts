import { resolve } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../errors';
import { withProject, type Common } from './commands';
import { damageSummary, describeCheck } from './doctor-report';
import { createOutput } from './output';
import { checkProject } from './project-check';

interface DoctorOptions extends Common { fix?: boolean }

/**
 * `anchor doctor summaries`: checks that every stored run summary equals a recomputation from its predictions.
 * `anchor doctor project`: checks the file itself (registerDoctorProject).
 */
export function registerDoctor(program: Command): void {
  const doctor = program.command('doctor').description('check a project file and its stored figures');
  registerDoctorProject(doctor);
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

/**
 * `anchor doctor project`: pages, schema, references between rows, every image against its key, orphaned images and
 * stale scratch folders. Opens the file without the damage check an ordinary open makes (finding damage is the point);
 * exits 1 with `project_damaged` while damage remains, the report beside the error.
 */
function registerDoctorProject(doctor: Command): void {
  doctor
    .command('project')
    .description('check the project file: pages, schema, references, images against their keys, orphaned images, stale scratch folders; --fix removes only the orphans and stale folders')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .option('--fix', 'remove orphaned images and stale scratch folders (never answers, predictions or triplets)')
    .option('--json', 'print one JSON document')
    .action((opts: DoctorOptions) => {
      const out = createOutput(Boolean(opts.json));
      const progress = !opts.json && process.stderr.isTTY ? (message: string) => process.stderr.write(`\r\x1b[K${message}`) : () => undefined;
      try {
        const check = checkProject(resolve(opts.project!), { fix: Boolean(opts.fix), progress });
        progress('');
        if (check.damaged) {
          if (!opts.json) process.stdout.write(`${describeCheck(check, Boolean(opts.fix))}\n`);
          out.fail(new AppError('project_damaged', damageSummary(check)), check);
        }
        out.result(check, () => describeCheck(check, Boolean(opts.fix)));
      } catch (error) {
        out.fail(error);
      }
      out.flush();
    });
}
