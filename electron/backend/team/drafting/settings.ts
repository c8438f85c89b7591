import { z } from 'zod';
import type { DraftingSettings } from '@shared/contract';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { findDataset } from '../../datasets/datasets';
import { AppError } from '../../errors';
import { panelOf } from '../../quality/visual-results';
import { datasetMeta, writeDatasetMeta } from '../assignment/store/checker-rule';

/** The lead's choice as kept in `datasets.meta.drafting` (read rarely: parsed). */
const draftingMetaSchema = z.object({
  enabled: z.boolean(), endpoint: z.string().nullable(), by: z.string().nullable(), at: z.string().nullable(),
  // Kept before the check-before-submission switch existed: off.
  checkBeforeSubmit: z.boolean().default(false),
});
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
  if (kept) return { enabled: kept.enabled, endpoint: kept.endpoint, byDefault: false, by: kept.by, at: kept.at, checkBeforeSubmit: kept.checkBeforeSubmit };
  return { enabled: findDataset(db, datasetId).format !== 'mmevalpro', endpoint: null, byDefault: true, by: null, at: null, checkBeforeSubmit: false };
}

/**
 * A lead turns drafting on or off, names the endpoint, and (optionally) asks for drafts to be checked without the
 * image before submission; each change is recorded in the dataset's history. The check needs the text-only models of a
 * visual-dependency check of the dataset, so turning it on before one is refused, saying what to run first.
 */
export function configureDrafting(
  db: Db, by: string | null, input: { datasetId: number; enabled: boolean; endpoint: string | null; checkBeforeSubmit?: boolean | undefined }, now: Date,
): DraftingSettings {
  return db.transaction(() => {
    const meta = datasetMeta(db, input.datasetId);
    if (!meta) throw new AppError('not_found', `there is no dataset ${input.datasetId}`);
    const before = draftingSettings(db, input.datasetId).checkBeforeSubmit;
    const checkBeforeSubmit = input.checkBeforeSubmit ?? before;
    if (checkBeforeSubmit && !before && panelOf(db, input.datasetId).textOnly.length === 0) {
      throw new AppError('visual_check_needed', 'drafts can be checked before submission only with the text-only models of a visual-dependency check: '
        + "run one from this dataset's quality page (or `anchor check visual`) first");
    }
    const drafting: DraftingMeta = { enabled: input.enabled, endpoint: input.endpoint, by, at: now.toISOString(), checkBeforeSubmit };
    writeDatasetMeta(db, input.datasetId, { ...meta, drafting });
    appendRevision(db, 'dataset', input.datasetId, by, now, input.enabled ? 'drafting-on' : 'drafting-off', { endpoint: input.endpoint });
    if (checkBeforeSubmit !== before) {
      appendRevision(db, 'dataset', input.datasetId, by, now, checkBeforeSubmit ? 'draft-check-on' : 'draft-check-off', {});
    }
    return draftingSettings(db, input.datasetId);
  })();
}
