import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { VariantPlan, VariantResult } from '@shared/contract';
import { z } from 'zod';
import { levels, PAPER_SELECTION, restrictLevels, variantSelectionSchema } from '@shared/vrp/relations';
import { AppError } from '../errors';
import { withProject, type Common } from './commands';

/**
 * A comma-separated option read by `schema` (a list of allowed names): a wrong or empty list is an `invalid_input`
 * error that says what the option takes.
 */
function listOption<T>(option: string, text: string, schema: z.ZodType<T>, allowed: readonly string[]): T {
  const parsed = schema.safeParse(text.split(',').map((s) => s.trim()).filter(Boolean));
  if (!parsed.success) throw new AppError('invalid_input', `${option} takes a comma-separated list of ${allowed.join(', ')}; got "${text}"`);
  return parsed.data;
}

const parseLevels = (text: string) => listOption('--levels', text, z.array(z.enum(levels)).min(1), levels);
// The shapes of full intervention, as the method's input holds them (`variants.plan` → `selection.full.shapes`).
const fullShapes = variantSelectionSchema.shape.full.shape.shapes;
const parseShapes = (text: string) => listOption('--full-shapes', text, fullShapes, fullShapes.element.options);

function humanPlan(plan: VariantPlan): string {
  const lines = [`${plan.originals} originals × ${plan.perOriginal} variants = ${plan.variants} images into "${plan.target}"`];
  if (plan.skipped.length) {
    lines.push(`skipped ${plan.skipped.length}:`);
    for (const s of plan.skipped.slice(0, 10)) lines.push(`  ${s.extId}: ${s.reason}`);
    if (plan.skipped.length > 10) lines.push(`  … and ${plan.skipped.length - 10} more`);
  }
  return lines.join('\n');
}

function humanResult(r: VariantResult): string {
  const out = r.out ? `; PNGs and metadata.csv/json in ${r.out}` : '';
  return `${r.variants} variants of ${r.originals} originals in "${r.dataset}" (${r.created} new, ${r.updated} redrawn, ${r.unchanged} unchanged)${out}`;
}

/** `anchor variants`: VRPTest's metamorphic variants of every scene in a dataset, headless. */
export function registerVariants(program: Command): void {
  program
    .command('variants')
    .description('generate VRPTest variants (no / partial / full intervention) of every item with a scene drawn in Canvas')
    .requiredOption('--project <file>', 'the *.anchor project file')
    .requiredOption('--dataset <name>', 'the dataset whose scenes to use')
    .option('--levels <list>', 'intervention levels to generate: none,partial,full (default: all, the paper\'s 1 + 4 + 8)')
    .option('--full-shapes <list>', 'shapes of full-intervention variants: drawn (default, the paper\'s 8) or box,ellipse (16, the shape relation at full level too)')
    .option('--out <dir>', 'also write the images and metadata.csv / metadata.json to this folder')
    .option('--plan', 'only print what would be generated, and what would be skipped and why')
    .option('--json', 'print one JSON document')
    .action(async (opts: Common & { dataset: string; levels?: string; fullShapes?: string; out?: string; plan?: boolean }) =>
      withProject(opts, false, async (backend, out) => {
        const levelled = opts.levels ? restrictLevels(PAPER_SELECTION, parseLevels(opts.levels)) : PAPER_SELECTION;
        const selection = opts.fullShapes ? { ...levelled, full: { ...levelled.full, shapes: parseShapes(opts.fullShapes) } } : levelled;
        const plan = await backend.call('variants.plan', { dataset: opts.dataset, selection });
        if (opts.plan) {
          out.result(plan, () => humanPlan(plan));
          return;
        }
        const stop = out.follow(backend);
        try {
          const result = await backend.call('variants.run', { dataset: opts.dataset, selection, ...(opts.out ? { out: resolve(opts.out) } : {}) });
          stop();
          out.result({ ...result, skipped: plan.skipped }, () => humanResult(result));
        } finally {
          stop();
        }
      }),
    );
}
