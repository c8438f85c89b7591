import { z } from 'zod';
import type { DraftingSettings } from '@shared/contract';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { findDataset } from '../../datasets/datasets';
import { AppError } from '../../errors';
import { datasetMeta, writeDatasetMeta } from '../assignment/store/checker-rule';

/** The lead's choice as kept in `datasets.meta.drafting` (read rarely: parsed). */
const draftingMetaSchema = z.object({ enabled: z.boolean(), endpoint: z.string().nullable(), by: z.string().nullable(), at: z.string().nullable() });
type DraftingMeta = z.infer<typeof draftingMetaSchema>;

/**
 * A dataset's drafting switch. Until a lead sets it, drafting is off for a dataset imported as MMEvalPro triplets
 * (its perception and knowledge questions are the paper's, human-written) and on for any other, with no endpoint
 * chosen, so nothing is offered until a lead names one (DECISIONS 241).
 */
export function draftingSettings(db: Db, datasetId: number): DraftingSettings {
  const meta = datasetMeta(db, datasetId);
  if (!meta) throw new AppError('not_found', `there is no dataset ${datasetId}`);
  const parsed = draftingMetaSchema.safeParse(meta.drafting);
  const kept = parsed.success ? parsed.data : null;
  if (kept) return { enabled: kept.enabled, endpoint: kept.endpoint, byDefault: false, by: kept.by, at: kept.at };
  return { enabled: findDataset(db, datasetId).format !== 'mmevalpro', endpoint: null, byDefault: true, by: null, at: null };
}

/** A lead turns drafting on or off and names the endpoint; the change is recorded in the dataset's history. */
export function configureDrafting(
  db: Db, by: string | null, input: { datasetId: number; enabled: boolean; endpoint: string | null }, now: Date,
): DraftingSettings {
  return db.transaction(() => {
    const meta = datasetMeta(db, input.datasetId);
    if (!meta) throw new AppError('not_found', `there is no dataset ${input.datasetId}`);
    const drafting: DraftingMeta = { enabled: input.enabled, endpoint: input.endpoint, by, at: now.toISOString() };
    writeDatasetMeta(db, input.datasetId, { ...meta, drafting });
    appendRevision(db, 'dataset', input.datasetId, by, now, input.enabled ? 'drafting-on' : 'drafting-off', { endpoint: input.endpoint });
    return draftingSettings(db, input.datasetId);
  })();
}
