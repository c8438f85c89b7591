import type { VariantPlan } from '@shared/contract';
import { bandInstruction } from '@shared/prompts/vrp-instruction';
import { variantMatrix, type VariantSelection, type VariantSpec } from '@shared/vrp/relations';
import type { Scene } from '@shared/vrp/scene';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { readOptions } from '../items/columns';
import { findDataset } from '../datasets/datasets';
import { checkRenderable } from './render';
import { canvasItems, parseStoredScene } from './scenes';
import { datasetFormat, planLookups } from './store/scenes';

/** One original with everything needed to draw its variants. */
export interface PlannedOriginal {
  itemId: number;
  extId: string;
  position: number;
  questionId: number;
  scene: Scene;
  sceneVersion: number;
  /** What a full-intervention band says: the reference text with the question's hint and options (METHODS §6.5). */
  bandText: string;
}

export interface FullPlan {
  summary: VariantPlan;
  datasetId: number;
  originals: PlannedOriginal[];
  specs: VariantSpec[];
}

/** The derived dataset that holds a dataset's variants. */
export function variantDatasetName(source: string): string {
  return `${source}-vrp`;
}

/**
 * Decides what a generation makes: the items with a scene whose image is still the one it was drawn on, times the
 * selected variants. Refuses before any drawing when the input cannot give every variant (an empty reference text
 * with full intervention, an image too large to render), naming each item at fault.
 */
export function planVariants(db: Db, datasetRef: number | string, selection: VariantSelection): FullPlan {
  const dataset = findDataset(db, datasetRef);
  const specs = variantMatrix(selection);
  if (specs.length === 0) throw new AppError('invalid_input', 'the selection names no variants; choose at least one level');
  const skipped: VariantPlan['skipped'] = [];
  const originals: PlannedOriginal[] = [];
  const problems: { code: 'invalid_input' | 'unsupported' | 'conflict'; message: string }[] = [];
  const lookup = planLookups(db);
  const wantsText = specs.some((s) => s.level === 'full');
  const wantsShapes = specs.some((s) => s.level !== 'none' && s.shape !== 'none');
  for (const item of canvasItems(db, dataset.id)) {
    const row = lookup.scene(item.id);
    if (!row) {
      skipped.push({ itemId: item.id, extId: item.extId, reason: 'no scene drawn' });
      continue;
    }
    const scene = parseStoredScene(item.id, row.doc);
    if (scene.image.hash !== item.image.hash) {
      skipped.push({ itemId: item.id, extId: item.extId, reason: 'the item\'s image changed after the scene was drawn; open it in Canvas to redraw' });
      continue;
    }
    if (wantsShapes && scene.shapes.length === 0) {
      skipped.push({ itemId: item.id, extId: item.extId, reason: 'the scene has no shapes' });
      continue;
    }
    if (wantsText && scene.text.content.trim() === '') {
      problems.push({ code: 'invalid_input', message: `item ${item.extId}: the reference text is empty, and full intervention writes it on the image` });
    }
    try {
      checkRenderable(`item ${item.extId}`, item.image.width, item.image.height);
    } catch (error) {
      problems.push({ code: 'unsupported', message: (error as Error).message });
    }
    const position = lookup.position(item.id);
    const question = lookup.question(item.questionId);
    const bandText = bandInstruction(scene.text.content, question.hint, readOptions(question.options));
    originals.push({ itemId: item.id, extId: item.extId, position, questionId: item.questionId, scene, sceneVersion: row.version, bandText });
  }
  const targetFormat = datasetFormat(db, variantDatasetName(dataset.name));
  if (targetFormat !== undefined && targetFormat !== 'vrp') {
    problems.push({ code: 'conflict', message: `a dataset named "${variantDatasetName(dataset.name)}" exists and does not hold variants; rename it first` });
  }
  if (problems.length) {
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    throw new AppError(problems[0]!.code, `cannot generate variants: ${problems.slice(0, 5).map((p) => p.message).join('; ')}${more}`);
  }
  return {
    datasetId: dataset.id,
    originals,
    specs,
    summary: {
      dataset: dataset.name, target: variantDatasetName(dataset.name), originals: originals.length,
      perOriginal: specs.length, variants: originals.length * specs.length, specs, skipped,
    },
  };
}
