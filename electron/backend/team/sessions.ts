import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open';
import { statement } from '../db/statements';

const LIFETIME_MS = 14 * 24 * 3600 * 1000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new login session; the token goes into the cookie, only its hash into the project. */
export function createSession(db: Db, userId: string, now: Date): { token: string; expires: Date } {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + LIFETIME_MS);
  db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now.toISOString());
  db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .run(hashOf(token), userId, now.toISOString(), expires.toISOString());
  return { token, expires };
}

export function sessionUser(db: Db, token: string, now: Date): string | null {
  const row = statement(db, 'SELECT user_id, expires_at FROM sessions WHERE token_hash = ?').get(hashOf(token)) as
    { user_id: string; expires_at: string } | undefined;
  return row && row.expires_at > now.toISOString() ? row.user_id : null;
}

export function endSession(db: Db, token: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashOf(token));
}
