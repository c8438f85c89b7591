import type { Db } from '../db/open';
import { copyItemsFromAttached } from '../items/bulk';
import { STAGE_SCHEMA_NAME, withStageAttached } from './store/stage';

/**
 * Copies a staged import into the project in one transaction: the dataset row first (`begin`), then items under ids
 * after the project's highest (the stage's ids shifted, so item_images and questions follow), then `end` for the
 * history and job rows. Set-based copies keep this short, so other writers wait a moment, not the whole import.
 */
export function publishStage(
  db: Db,
  stageFile: string,
  begin: () => { datasetId: number; updatedAt: string },
  end: (datasetId: number) => void,
): number {
  return withStageAttached(db, stageFile, () =>
    db.transaction(() => {
      const { datasetId, updatedAt } = begin();
      copyItemsFromAttached(db, STAGE_SCHEMA_NAME, datasetId, updatedAt);
      end(datasetId);
      return datasetId;
    }).immediate(),
  );
}
