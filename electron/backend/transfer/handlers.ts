import type { MethodName, ParsedInput } from '@shared/contract';
import type { CallContext, Handlers } from '../dispatch';
import type { HandlerContext } from '../context';
import { requireReadablePath } from '../uploads';
import { runExport } from './exports';
import { defaultDatasetName, runImport } from './imports';

type TransferMethod = Extract<MethodName, `${'imports' | 'exports'}.${string}`>;

/** Datasets in and out of the project: imports run as jobs (all or nothing), exports write files. */
export function transferHandlers(domain: HandlerContext): Pick<Handlers, TransferMethod> {
  const { db, jobs, events, now } = domain;
  const startImport = (input: ParsedInput<'imports.run'>, ctx: CallContext) => {
    for (const file of input.files) requireReadablePath(domain.dataDir, ctx, file);
    const projectPath = domain.projectPath();
    const title = `Import ${input.dataset ?? defaultDatasetName(input.files)}`;
    return jobs.start('import', title, '%', (control) =>
      runImport(projectPath, input, control, {
        title, startedAt: now().toISOString(), now, userId: ctx.userId,
      }).then((result) => {
        events.changed(['datasets', 'questions', 'items']);
        return result;
      }),
    );
  };
  return {
    'imports.start': (input, ctx) => ({ jobId: startImport(input, ctx).job.id }),
    'imports.run': (input, ctx) => startImport(input, ctx).done,
    'exports.run': (input) => runExport(db(), input),
  };
}
