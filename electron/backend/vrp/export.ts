import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { VariantRow } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { findDataset } from '../datasets/datasets';
import { imageBytes } from '../items/images';
import { readAnswer, readOptions } from '../items/columns';
import { loadScene, SceneLoadError } from '@shared/vrp/migrate';
import { variantExportRows, variantRows, type VariantExportRow } from './store/scenes';

/** Variants generated from a source dataset, grouped by original in generation order. */
export function listVariants(db: Db, datasetRef: number | string): VariantRow[] {
  const source = findDataset(db, datasetRef);
  const rows = variantRows(db, source.id);
  return rows.map((r) => ({
    itemId: r.item_id, sourceItemId: r.source_item_id, sourceQuestionId: r.source_question_id, sourceExtId: r.source_ext_id,
    name: r.name, level: r.level, colour: r.colour, shape: r.shape, font: r.font, position: r.position,
    width: r.width, height: r.height, hash: r.image_hash, createdAt: r.created_at,
  }));
}

/** The file extension for each image type the studio stores. */
export const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/bmp': 'bmp' };

/**
 * Writes a dataset's variants as image files named after their relation values, plus metadata.csv and
 * metadata.json (one row per file: source item and question, the question as the paper's records carry it — text,
 * hint, options, answer, reference text, dataset — relation values, level, size, SHA-256). The metadata files are
 * written last and renamed into place, so a folder with metadata holds every file it lists.
 */
export function exportVariants(db: Db, datasetRef: number | string, out: string): { out: string; files: number } {
  const source = findDataset(db, datasetRef);
  const rows = variantExportRows(db, source.id);
  if (rows.length === 0) throw new AppError('export_failed', 'no variants have been generated from this dataset yet');
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw new AppError('export_failed', `cannot create ${out}: ${(error as Error).message}`);
  }
  const records = rows.map((r) => {
    const image = imageBytes(db, r.image_hash);
    const file = `${r.name}.${IMAGE_EXTENSIONS[image.mime] ?? 'bin'}`;
    writeFileSync(join(out, file), image.bytes);
    return exportRecord(file, r);
  });
  // A spreadsheet cell holds text: the options and accepted answers go into the CSV as JSON.
  const flat = records.map((r) => ({ ...r, options: JSON.stringify(r.options), answer: JSON.stringify(r.answer) }));
  writeAtomically(join(out, 'metadata.csv'), stringify(flat, { header: true }));
  writeAtomically(join(out, 'metadata.json'), `${JSON.stringify(records, null, 2)}\n`);
  return { out, files: records.length };
}

/** One metadata row; the column order is the CSV's (docs/FORMATS.md). */
function exportRecord(file: string, r: VariantExportRow) {
  return {
    file, source_item: r.source_ext_id, source_item_id: r.source_item_id, source_question_id: r.source_question_id,
    variant_item_id: r.item_id, level: r.level, colour: r.colour, shape: r.shape, font: r.font, position: r.position,
    width: r.width, height: r.height, sha256: r.image_hash,
    dataset: r.source_dataset, question: r.question, hint: r.hint, options: readOptions(r.options), answer: readAnswer(r.answer),
    reference_text: referenceText(r),
  };
}

/** The scene's reference text (the words the paper's records call the referring expression); null without a scene. */
function referenceText(r: VariantExportRow): string | null {
  if (r.scene_doc === null) return null;
  try {
    return loadScene(r.scene_doc).text.content;
  } catch (error) {
    if (!(error instanceof SceneLoadError)) throw error;
    throw new AppError('export_failed', `the scene of item ${r.source_ext_id} cannot be read: ${error.message}`);
  }
}

function writeAtomically(path: string, text: string): void {
  writeFileSync(`${path}.partial`, text);
  renameSync(`${path}.partial`, path);
}
