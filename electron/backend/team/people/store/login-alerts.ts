import type { Db } from '../../../db/open';

/** Slow-downs the HTTP adapter recorded as revisions of entity `login`, newest first. */
export function loginSlowdownRows(db: Db, limit: number): { at: string; entity_id: string; diff: string }[] {
  return db.prepare<[number], { at: string; entity_id: string; diff: string }>(
    `SELECT at, entity_id, diff FROM revisions WHERE entity = 'login' AND action = 'slowed' ORDER BY id DESC LIMIT ?`,
  ).all(limit);
}
