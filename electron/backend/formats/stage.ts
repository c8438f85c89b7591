import type { Db } from '../db/open';

/** The side file an import stages its rows in: the project's columns minus what publishing fills in. */
export const STAGE_SCHEMA = `
CREATE TABLE items (
  id INTEGER PRIMARY KEY, ext_id TEXT NOT NULL UNIQUE, position INTEGER NOT NULL, source TEXT, category TEXT,
  l2_category TEXT, subject TEXT, split TEXT, meta TEXT NOT NULL
);
CREATE TABLE item_images (item_id INTEGER NOT NULL, position INTEGER NOT NULL, image_hash TEXT NOT NULL);
CREATE TABLE questions (
  id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, role TEXT NOT NULL, type TEXT NOT NULL, ext_index TEXT,
  text TEXT NOT NULL, hint TEXT, options TEXT NOT NULL, answer TEXT NOT NULL, meta TEXT NOT NULL
);`;

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
  db.prepare('ATTACH DATABASE ? AS stage').run(stageFile);
  try {
    return db.transaction(() => {
      const { datasetId, updatedAt } = begin();
      const base = Number(db.prepare('SELECT COALESCE(MAX(id), 0) FROM main.items').pluck().get());
      db.prepare(`INSERT INTO main.items (id, dataset_id, ext_id, position, source, category, l2_category, subject, split, meta)
        SELECT id + ?, ?, ext_id, position, source, category, l2_category, subject, split, meta FROM stage.items ORDER BY id`)
        .run(base, datasetId);
      db.prepare(`INSERT INTO main.item_images (item_id, position, image_hash)
        SELECT item_id + ?, position, image_hash FROM stage.item_images`).run(base);
      db.prepare(`INSERT INTO main.questions (item_id, role, type, ext_index, text, hint, options, answer, meta, updated_at)
        SELECT item_id + ?, role, type, ext_index, text, hint, options, answer, meta, ? FROM stage.questions ORDER BY id`)
        .run(base, updatedAt);
      end(datasetId);
      return datasetId;
    }).immediate();
  } finally {
    db.exec('DETACH DATABASE stage');
  }
}
