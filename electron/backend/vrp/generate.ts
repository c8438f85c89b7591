import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { VariantResult } from '@shared/contract';
import type { KonvaLib } from '@shared/vrp/konva-scene';
import { variantName, type VariantSelection, type VariantSpec } from '@shared/vrp/relations';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { makeScratchDir } from '../scratch';
import { imageBytes } from '../items/images';
import type { JobControl } from '../jobs/registry';
import type { FullPlan, PlannedOriginal } from './plan';
import { decodeSource, renderVariant } from './render';
import { storeVariants, type StagedVariant } from './store/variants';
import { exportVariants } from './export';

export interface GenerateInput {
  dataset: number | string;
  selection: VariantSelection;
  out?: string | undefined;
}

/** Encodes run on libuv's pool while the next variant is drawn; more in flight only costs memory on two cores. */
const IN_FLIGHT = 3;

/**
 * Generates every variant of a selection as one job. Variants are drawn and encoded into a scratch folder first and
 * written to the project in one short transaction at the end, so a cancel, a failure or a crash leaves the project
 * exactly as it was, without holding a write lock for the whole job.
 */
export async function generateVariants(
  db: Db, K: KonvaLib, plan: FullPlan, input: GenerateInput, control: JobControl,
  meta: { title: string; startedAt: string; userId: string | null; now: () => Date },
): Promise<VariantResult> {
  const total = plan.summary.variants;
  if (total === 0) {
    const why = plan.summary.skipped.length ? `every item was skipped (${plan.summary.skipped[0]!.reason})` : 'the dataset has no items with an image';
    throw new AppError('invalid_input', `no variants to generate: ${why}; draw scenes in Canvas first`);
  }
  control.progress(0, total, `0 of ${total} variants`);
  const scratch = makeScratchDir('variants', null);
  const pending: Promise<void>[] = [];
  try {
    const staged: StagedVariant[] = [];
    // The first failure of an encode in flight; kept so no rejection goes unobserved while another is awaited.
    let failure: unknown = null;
    let done = 0;
    for (const original of plan.originals) {
      const label = `item ${original.extId}`;
      const source = imageBytes(db, original.scene.image.hash);
      const image = plan.specs.some((s) => s.level !== 'none') ? await decodeSource(label, source.bytes) : null;
      for (const spec of plan.specs) {
        if (control.signal.aborted) throw new AppError('cancelled', 'cancelled');
        if (failure) throw failure;
        const name = variantName(original.extId, spec);
        // Scratch files carry no extension: the stored MIME type decides it when variants are exported.
        const file = join(scratch, name);
        pending.push(drawOne(K, image, source, original, spec, file).then((drawn) => {
          staged.push({ original, spec, name, file, ...drawn });
          done++;
          control.progress(done, total, `${done} of ${total} variants`);
        }, (error: unknown) => {
          failure ??= error;
        }));
        if (pending.length >= IN_FLIGHT) await pending.shift();
      }
    }
    await Promise.all(pending);
    if (failure) throw failure;
    if (control.signal.aborted) throw new AppError('cancelled', 'cancelled');
    control.progress(total, total, 'storing the variants in the project');
    const result = storeVariants(db, plan, staged, {
      jobId: control.id, title: meta.title, startedAt: meta.startedAt, userId: meta.userId, now: meta.now(),
      input: { dataset: input.dataset, selection: input.selection },
    });
    if (input.out) {
      exportVariants(db, plan.datasetId, input.out);
      return { ...result, out: input.out };
    }
    return result;
  } finally {
    // Encodes still in flight after a cancel or failure write into the scratch folder: let them end before removing it.
    await Promise.allSettled(pending);
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function drawOne(
  K: KonvaLib, image: Awaited<ReturnType<typeof decodeSource>> | null, source: { mime: string; bytes: Buffer },
  original: PlannedOriginal, spec: VariantSpec, file: string,
): Promise<{ hash: string; width: number; height: number; mime: string }> {
  // No intervention is the original image itself, byte for byte: re-encoding would only add noise to the baseline.
  if (spec.level === 'none' || !image) {
    writeFileSync(file, source.bytes);
    return {
      hash: createHash('sha256').update(source.bytes).digest('hex'), width: original.scene.image.width,
      height: original.scene.image.height, mime: source.mime,
    };
  }
  // Full intervention writes the whole instruction (question, hint and options) in the band: no text prompt is sent.
  const scene = spec.level === 'full' ? { ...original.scene, text: { ...original.scene.text, content: original.bandText } } : original.scene;
  const drawn = await renderVariant(K, image, scene, spec);
  writeFileSync(file, drawn.png);
  return { hash: drawn.hash, width: drawn.width, height: drawn.height, mime: 'image/png' };
}
