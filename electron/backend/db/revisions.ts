import type { Db } from './open';
import { statement } from './statements';

/**
 * Appends to the history every edit, import, assignment and verdict leaves (the table refuses updates and deletes).
 * Returns the revision's id, which messages can cite.
 */
export function appendRevision(
  db: Db, entity: string, entityId: number | string, userId: string | null, at: Date | string, action: string, diff: unknown,
): number {
  return Number(statement(db, 'INSERT INTO revisions (entity, entity_id, user_id, at, action, diff) VALUES (?, ?, ?, ?, ?, ?)')
    .run(entity, String(entityId), userId, typeof at === 'string' ? at : at.toISOString(), action, JSON.stringify(diff)).lastInsertRowid);
}
