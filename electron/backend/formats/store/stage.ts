import Database from 'better-sqlite3';
import type { Db } from '../../db/open';

/** The SQL of the side file an import stages its rows in, and of attaching it to the project to publish them. */

/** The stage's tables: the project's columns minus what publishing fills in (`copyItemsFromAttached` reads them). */
const STAGE_SCHEMA = `
CREATE TABLE items (
  id INTEGER PRIMARY KEY, ext_id TEXT NOT NULL UNIQUE, position INTEGER NOT NULL, source TEXT, category TEXT,
  l2_category TEXT, subject TEXT, split TEXT, meta TEXT NOT NULL
);
CREATE TABLE item_images (item_id INTEGER NOT NULL, position INTEGER NOT NULL, image_hash TEXT NOT NULL);
CREATE TABLE questions (
  id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, role TEXT NOT NULL, type TEXT NOT NULL, ext_index TEXT,
  text TEXT NOT NULL, hint TEXT, options TEXT NOT NULL, answer TEXT NOT NULL, meta TEXT NOT NULL
);`;

/** The name the stage is attached under while it is published. */
export const STAGE_SCHEMA_NAME = 'stage';

/** A staged item's columns; JSON columns arrive as text. */
export interface StagedItemRow {
  extId: string; position: number; source: string | null; category: string | null; l2Category: string | null;
  subject: string | null; split: string | null; meta: string;
}
export interface StagedQuestionRow {
  itemId: number; role: string; type: string; extIndex: string | null; text: string; hint: string | null;
  options: string; answer: string; meta: string;
}

/** The stage file, open and inside its one transaction until `finish`. */
export interface StageFile {
  /** Inserts an item and returns its stage id; throws SQLite's unique-constraint error on a repeated `extId`. */
  insertItem(row: StagedItemRow): number;
  insertItemImage(itemId: number, position: number, hash: string): void;
  /** Inserts a question and returns its stage id. */
  insertQuestion(row: StagedQuestionRow): number;
  /** Sets one key of a staged question's meta (a circular file's copies are known only after the question's row). */
  setQuestionMetaKey(id: number, key: string, json: string): void;
  /** Commits the stage's rows and closes the file, ready to be attached. */
  finish(): void;
  /** Closes the file without committing, if it is still open. */
  close(): void;
}

export function openStageFile(file: string): StageFile {
  const stage = new Database(file);
  // The stage is scratch: nothing survives a crash on purpose, so it needs no journal or syncing.
  stage.pragma('journal_mode = OFF');
  stage.pragma('synchronous = OFF');
  stage.exec(STAGE_SCHEMA);
  stage.exec('BEGIN');
  const item = stage.prepare<[string, number, string | null, string | null, string | null, string | null, string | null, string]>(`INSERT INTO items
    (ext_id, position, source, category, l2_category, subject, split, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const itemImage = stage.prepare<[number, number, string]>('INSERT INTO item_images (item_id, position, image_hash) VALUES (?, ?, ?)');
  const question = stage.prepare<[number, string, string, string | null, string, string | null, string, string, string]>(`INSERT INTO questions
    (item_id, role, type, ext_index, text, hint, options, answer, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const metaKey = stage.prepare<[string, string, number]>("UPDATE questions SET meta = json_set(meta, '$.' || ?, json(?)) WHERE id = ?");
  return {
    insertItem: (r) => Number(item.run(r.extId, r.position, r.source, r.category, r.l2Category, r.subject, r.split, r.meta).lastInsertRowid),
    insertItemImage: (itemId, position, hash) => void itemImage.run(itemId, position, hash),
    insertQuestion: (q) => Number(question.run(q.itemId, q.role, q.type, q.extIndex, q.text, q.hint, q.options, q.answer, q.meta).lastInsertRowid),
    setQuestionMetaKey: (id, key, json) => void metaKey.run(key, json, id),
    finish: () => {
      stage.exec('COMMIT');
      stage.close();
    },
    close: () => {
      if (stage.open) stage.close();
    },
  };
}

/** Runs `publish` with the stage file attached to the project's connection as `stage` (outside any transaction). */
export function withStageAttached<T>(db: Db, file: string, publish: () => T): T {
  db.prepare<[string]>(`ATTACH DATABASE ? AS ${STAGE_SCHEMA_NAME}`).run(file);
  try {
    return publish();
  } finally {
    db.exec(`DETACH DATABASE ${STAGE_SCHEMA_NAME}`);
  }
}
