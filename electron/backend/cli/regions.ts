import { resolve } from 'node:path';
import type { Command } from 'commander';
import { contract } from '@shared/contract';
import { withProject, type Common } from './commands';
import { datasetId } from './eval';
import { parseOptions } from './options';

interface RegionOptions extends Common { dataset: string; format: string }

/** `anchor regions export|import`: VRP scenes as COCO JSON or Label Studio tasks. */
export function registerRegions(program: Command): void {
  const regions = program.command('regions').description('VRP regions in and out: COCO JSON and Label Studio JSON');
  regions
    .command('export')
    .description('write every drawn scene of a dataset (boxes, ellipses with centre, radii and rotation)')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .requiredOption('--dataset <name>', 'dataset name')
    .requiredOption('--format <format>', 'coco | label-studio')
    .requiredOption('--out <file>', 'the JSON file to write')
    .option('--image-prefix <text>', 'label-studio: put before each picture\'s path in data.image (default /data/local-files/?d=)')
    .option('--json', 'print one JSON document')
    .action(async (opts: RegionOptions & { out: string; imagePrefix?: string }) =>
      withProject(opts, false, async (backend, out) => {
        const input = parseOptions(contract['regions.export'].input, {
          datasetId: await datasetId(backend, opts.dataset), format: opts.format, out: resolve(opts.out), imagePrefix: opts.imagePrefix,
        });
        const r = await backend.call('regions.export', input);
        out.result(r, () => `Wrote ${r.shapes} regions of ${r.scenes} scenes to ${r.path}${r.config ? ` (label config: ${r.config})` : ''}`);
      }),
    );
  regions
    .command('import')
    .description('save COCO or Label Studio rectangles and ellipses as the scenes of matching items (all or nothing)')
    .argument('<file>', 'COCO JSON or a Label Studio JSON export')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .requiredOption('--dataset <name>', 'dataset name')
    .option('--format <format>', 'auto | coco | label-studio', 'auto')
    .option('--json', 'print one JSON document')
    .action(async (file: string, opts: RegionOptions) =>
      withProject(opts, false, async (backend, out) => {
        const input = parseOptions(contract['regions.import'].input, { datasetId: await datasetId(backend, opts.dataset), path: resolve(file), format: opts.format });
        const r = await backend.call('regions.import', input);
        const skipped = Object.entries(r.skipped).map(([type, n]) => `${n} ${type}`).join(', ');
        out.result(r, () => `Saved ${r.shapes} regions on ${r.scenes} scenes${skipped ? ` (skipped results that are no shape: ${skipped})` : ''}`);
      }),
    );
}
