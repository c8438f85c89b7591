import type { User, UserRole } from '@shared/contract';
import type { Actor } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { hashPassword, MIN_PASSWORD } from './passwords';
import { deleteSessionsOf } from './store/sessions';
import { readRoles } from '../triplets/store/json';
import { insertUser, setPasswordHash, setProfile, userRowByIdOrName, userRowByName, userRows, type UserRow } from './store/users';

const toUser = (r: UserRow): User => ({
  id: r.id, name: r.name, displayName: r.display_name, roles: readRoles(r.roles), hasPassword: r.password_hash !== null,
});

export function listUsers(db: Db): User[] {
  return userRows(db).map(toUser);
}

export function findUser(db: Db, idOrName: string): User | null {
  const row = userRowByIdOrName(db, idOrName);
  return row ? toUser(row) : null;
}

export function requireUser(db: Db, idOrName: string): User {
  const user = findUser(db, idOrName);
  if (!user) throw new AppError('not_found', `there is no user "${idOrName}"`);
  return user;
}

/** The caller as the permission rules see them, or null when the id no longer names a user. */
export function actorOf(db: Db, userId: string): Actor | null {
  const user = findUser(db, userId);
  return user ? { id: user.id, roles: user.roles } : null;
}

export function passwordHashOf(db: Db, name: string): { user: User; hash: string | null } | null {
  const row = userRowByName(db, name);
  return row ? { user: toUser(row), hash: row.password_hash } : null;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new AppError('invalid_input', `passwords need at least ${MIN_PASSWORD} characters`);
}

function logUser(db: Db, by: string | null, at: Date, id: string, action: string, diff: unknown): void {
  appendRevision(db, 'user', id, by, at, action, diff);
}

/** A user's id is their login name, so revisions and exports stay readable. */
export async function addUser(
  db: Db, input: { name: string; displayName?: string | undefined; roles: UserRole[]; password?: string | undefined }, by: string | null, now: Date,
): Promise<User> {
  if (findUser(db, input.name)) throw new AppError('conflict', `a user named "${input.name}" already exists`);
  if (input.password !== undefined) checkPassword(input.password);
  const hash = input.password === undefined ? null : await hashPassword(input.password);
  const roles = [...new Set(input.roles)];
  db.transaction(() => {
    insertUser(db, input.name, input.displayName?.trim() || input.name, JSON.stringify(roles), hash, now.toISOString());
    logUser(db, by, now, input.name, 'create', { roles });
  })();
  return requireUser(db, input.name);
}

export async function setPassword(db: Db, name: string, password: string, by: string | null, now: Date): Promise<User> {
  const user = requireUser(db, name);
  checkPassword(password);
  const hash = await hashPassword(password);
  db.transaction(() => {
    setPasswordHash(db, user.id, hash);
    // A new password ends every open session of that user.
    deleteSessionsOf(db, user.id);
    logUser(db, by, now, user.id, 'password', {});
  })();
  return requireUser(db, name);
}

/** Removes a password: the person can no longer log in to a team server, and their open sessions end. */
export function clearPassword(db: Db, name: string, by: string | null, now: Date): User {
  const user = requireUser(db, name);
  db.transaction(() => {
    setPasswordHash(db, user.id, null);
    deleteSessionsOf(db, user.id);
    logUser(db, by, now, user.id, 'password-cleared', {});
  })();
  return requireUser(db, name);
}

export function updateUser(db: Db, name: string, patch: { displayName?: string | undefined; roles?: UserRole[] | undefined }, by: string | null,
  now: Date): User {
  const user = requireUser(db, name);
  const roles = patch.roles ? [...new Set(patch.roles)] : user.roles;
  const displayName = patch.displayName?.trim() || user.displayName;
  db.transaction(() => {
    if (user.roles.includes('lead') && !roles.includes('lead')) {
      const leads = listUsers(db).filter((u) => u.roles.includes('lead') && u.id !== user.id);
      if (leads.length === 0) throw new AppError('conflict', `${user.name} is the only lead; make someone else lead first`);
    }
    setProfile(db, user.id, displayName, JSON.stringify(roles));
    logUser(db, by, now, user.id, 'update', { roles, displayName });
  })();
  return requireUser(db, name);
}
