import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/open';
import { deleteExpiredSessions, deleteSession, insertSession, sessionRow } from './store/sessions';

const LIFETIME_MS = 14 * 24 * 3600 * 1000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new login session; the token goes into the cookie, only its hash into the project. */
export function createSession(db: Db, userId: string, now: Date): { token: string; expires: Date } {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + LIFETIME_MS);
  deleteExpiredSessions(db, now.toISOString());
  insertSession(db, hashOf(token), userId, now.toISOString(), expires.toISOString());
  return { token, expires };
}

export function sessionUser(db: Db, token: string, now: Date): string | null {
  const row = sessionRow(db, hashOf(token));
  return row && row.expires_at > now.toISOString() ? row.user_id : null;
}

export function endSession(db: Db, token: string): void {
  deleteSession(db, hashOf(token));
}
