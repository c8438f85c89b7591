import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

/** The project's users (profiles and logins). */

export interface UserRow { id: string; name: string; display_name: string; roles: string; password_hash: string | null }

export function userRows(db: Db): UserRow[] {
  return db.prepare<[], UserRow>('SELECT * FROM users ORDER BY name').all();
}

export function userRowByIdOrName(db: Db, idOrName: string): UserRow | undefined {
  return statement<[string, string], UserRow>(db, 'SELECT * FROM users WHERE id = ? OR name = ?').get(idOrName, idOrName);
}

export function userRowByName(db: Db, name: string): UserRow | undefined {
  return db.prepare<[string], UserRow>('SELECT * FROM users WHERE name = ?').get(name);
}

export function insertUser(db: Db, name: string, displayName: string, roles: string, hash: string | null, createdAt: string): void {
  db.prepare('INSERT INTO users (id, name, display_name, roles, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(name, name, displayName, roles, hash, createdAt);
}

export function setPasswordHash(db: Db, userId: string, hash: string | null): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
}

export function setProfile(db: Db, userId: string, displayName: string, roles: string): void {
  db.prepare('UPDATE users SET display_name = ?, roles = ? WHERE id = ?').run(displayName, roles, userId);
}
