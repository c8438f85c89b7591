import { GUIDELINES_MAX, type GuidelineVersion, type Guidelines } from '@shared/contract';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { findDataset } from '../../datasets/datasets';
import { insertGuideline, latestGuidelineVersion, listGuidelines, readGuideline } from './store/guidelines';

/** A dataset's guidelines as the side panel and the editor show them: one version's text and the list of versions. */
export function getGuidelines(db: Db, datasetId: number, version?: number): Guidelines {
  findDataset(db, datasetId);
  const shown = readGuideline(db, datasetId, version);
  if (version !== undefined && !shown) throw new AppError('not_found', `dataset ${datasetId} has no guidelines version ${version}`);
  const versions = listGuidelines(db, datasetId).map((v) => (
    { datasetId: v.datasetId, version: v.version, author: v.author, authorName: v.authorName, at: v.at }));
  return { shown, latest: versions[0]?.version ?? null, versions };
}

/**
 * Saves the text as the next version. `baseVersion` is the version the lead edited: if someone saved after it, the
 * save is refused (their text would silently be replaced). Saving an unchanged text adds no version.
 */
export function saveGuidelines(db: Db, userId: string | null, input: { datasetId: number; body: string; baseVersion: number | null },
  now: Date): GuidelineVersion {
  if (input.body.length > GUIDELINES_MAX) {
    throw new AppError('too_large', `Guidelines hold at most ${GUIDELINES_MAX.toLocaleString('en')} characters; this text has `
      + `${input.body.length.toLocaleString('en')}. Move long material to a linked document.`);
  }
  findDataset(db, input.datasetId);
  return db.transaction(() => {
    const latest = latestGuidelineVersion(db, input.datasetId);
    if (latest !== input.baseVersion) {
      throw new AppError('conflict', `Someone saved version ${latest} of these guidelines after you opened version ${input.baseVersion ?? 'none'}; `
        + 'copy your text, reload, and merge.');
    }
    const current = latest === null ? null : readGuideline(db, input.datasetId, latest);
    if (current && current.body === input.body) return current;
    const version = (latest ?? 0) + 1;
    insertGuideline(db, input.datasetId, version, input.body, userId, now.toISOString());
    appendRevision(db, 'guidelines', input.datasetId, userId, now, 'save', { version, chars: input.body.length });
    return readGuideline(db, input.datasetId, version)!;
  })();
}
