import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

/** Login sessions, stored by the hash of their token. */

export function deleteExpiredSessions(db: Db, nowIso: string): void {
  db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(nowIso);
}

export function insertSession(db: Db, tokenHash: string, userId: string, createdAt: string, expiresAt: string): void {
  db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(tokenHash, userId, createdAt, expiresAt);
}

export function sessionRow(db: Db, tokenHash: string): { user_id: string; expires_at: string } | undefined {
  return statement<[string], { user_id: string; expires_at: string }>(db, 'SELECT user_id, expires_at FROM sessions WHERE token_hash = ?').get(tokenHash);
}

export function deleteSession(db: Db, tokenHash: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
}

/** A new password ends every open session of that user. */
export function deleteSessionsOf(db: Db, userId: string): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
}
