import { basename, resolve } from 'node:path';
import { DEFAULT_DUPLICATE_THRESHOLD, type ParsedInput } from '@shared/contract';
import { qualityMarkdown } from '@shared/reports/quality';
import type { Db } from '../db/open';
import type { ExportSelection } from '../formats/export-items';
import { AppError } from '../errors';
import { exportMmEvalPro } from '../formats/mmevalpro-export';
import { DEFAULT_SHARD_BYTES, exportHfParquet } from '../formats/hf-parquet-export';
import { exportVlmEvalKit } from '../formats/vlmevalkit-export';
import { findDataset, readDatasetMeta } from '../datasets/datasets';
import { exportGuidelines, exportReviewHistory, guidelinesPathOf } from '../team/triplets/review-history-export';
import { actorOf } from '../team/people/users';
import { qualityReport } from '../quality-report/report';
import { blindColumns } from '../quality/visual-results';

/** A dataset export; `userId` is who downloads it (null: the machine's owner), whose read rules its review history follows. */
export async function runExport(db: Db, input: ParsedInput<'exports.run'>, userId: string | null = null) {
  const dataset = findDataset(db, input.dataset);
  const out = resolve(input.out);
  if (input.quality && input.format !== 'hf-parquet') throw new AppError('invalid_input', 'the quality report goes with the dataset card: export it with the hf-parquet format');
  try {
    const meta = readDatasetMeta(dataset.meta);
    const selection = { acceptedOnly: input.acceptedOnly, includeOverridden: input.includeOverridden, questionColumns: blindColumns(db, dataset.id) };
    const counts = input.format === 'vlmevalkit'
      ? await exportVlmEvalKit(db, dataset.id, dataset.format === 'vlmevalkit' ? meta.columns : undefined, out, selection)
      : input.format === 'hf-parquet'
        ? await exportHfParquet(db, dataset.id, out, {
          selection, license: input.license ?? meta.release?.license ?? 'other', citation: input.citation ?? meta.release?.citation ?? null,
          shardBytes: input.shardBytes ?? DEFAULT_SHARD_BYTES, name: dataset.name, quality: input.quality ? await qualityFiles(db, dataset.id) : undefined,
        })
        : await exportMmEvalPro(db, dataset.id, out, selection);
    const history = input.reviewHistory ? { reviewHistory: await reviewHistoryFiles(db, dataset.id, resolve(input.reviewHistory), selection, userId) } : {};
    return { path: out, ...counts, ...history };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('export_failed', `cannot write ${basename(out)}: ${(error as Error).message}`);
  }
}

/** The quality report as the card's section and as the JSON beside it. */
async function qualityFiles(db: Db, datasetId: number): Promise<{ markdown: string; json: string }> {
  const report = await qualityReport(db, datasetId, DEFAULT_DUPLICATE_THRESHOLD);
  return { markdown: qualityMarkdown(report, '##'), json: `${JSON.stringify(report, null, 2)}\n` };
}

/** The review history and, beside it, the guidelines versions it names (when the dataset has any). */
async function reviewHistoryFiles(db: Db, datasetId: number, path: string, selection: ExportSelection, userId: string | null) {
  const written = await exportReviewHistory(db, datasetId, path, selection, userId === null ? null : actorOf(db, userId));
  const guidelines = await exportGuidelines(db, datasetId, guidelinesPathOf(path));
  return { path, ...written, ...(guidelines ? { guidelines } : {}) };
}
