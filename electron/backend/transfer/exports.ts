import { basename, resolve } from 'node:path';
import type { ParsedInput } from '@shared/contract';
import type { Db } from '../db/open';
import type { ExportSelection } from '../formats/export-items';
import { AppError } from '../errors';
import { exportMmEvalPro } from '../formats/mmevalpro-export';
import { DEFAULT_SHARD_BYTES, exportHfParquet } from '../formats/hf-parquet-export';
import { exportVlmEvalKit } from '../formats/vlmevalkit-export';
import { findDataset, readDatasetMeta } from '../datasets/datasets';
import { exportGuidelines, exportReviewHistory, guidelinesPathOf } from '../team/triplets/review-history-export';
import { actorOf } from '../team/people/users';
import { blindColumns } from '../quality/visual-results';

/** A dataset export; `userId` is who downloads it (null: the machine's owner), whose read rules its review history follows. */
export async function runExport(db: Db, input: ParsedInput<'exports.run'>, userId: string | null = null) {
  const dataset = findDataset(db, input.dataset);
  const out = resolve(input.out);
  try {
    const meta = readDatasetMeta(dataset.meta);
    const selection = { acceptedOnly: input.acceptedOnly, includeOverridden: input.includeOverridden, questionColumns: blindColumns(db, dataset.id) };
    const counts = input.format === 'vlmevalkit'
      ? await exportVlmEvalKit(db, dataset.id, dataset.format === 'vlmevalkit' ? meta.columns : undefined, out, selection)
      : input.format === 'hf-parquet'
        ? await exportHfParquet(db, dataset.id, out, {
          selection, license: input.license ?? meta.release?.license ?? 'other', citation: input.citation ?? meta.release?.citation ?? null,
          shardBytes: input.shardBytes ?? DEFAULT_SHARD_BYTES, name: dataset.name,
        })
        : await exportMmEvalPro(db, dataset.id, out, selection);
    const history = input.reviewHistory ? { reviewHistory: await reviewHistoryFiles(db, dataset.id, resolve(input.reviewHistory), selection, userId) } : {};
    return { path: out, ...counts, ...history };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('export_failed', `cannot write ${basename(out)}: ${(error as Error).message}`);
  }
}

/** The review history and, beside it, the guidelines versions it names (when the dataset has any). */
async function reviewHistoryFiles(db: Db, datasetId: number, path: string, selection: ExportSelection, userId: string | null) {
  const written = await exportReviewHistory(db, datasetId, path, selection, userId === null ? null : actorOf(db, userId));
  const guidelines = await exportGuidelines(db, datasetId, guidelinesPathOf(path));
  return { path, ...written, ...(guidelines ? { guidelines } : {}) };
}
