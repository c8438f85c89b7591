import { sceneRefusal } from '@shared/domain/permissions';
import type { Db } from '../../db/open';
import { itemState } from './store/assignments';
import { actorOf } from '../people/users';

/**
 * Why `userId` may not save the item's scene, or null when they may: the canvas asks the team workflow (who holds the
 * item) rather than reading its assignments itself.
 */
export function sceneRefusalFor(db: Db, userId: string | null, itemId: number): string | null {
  return sceneRefusal(userId === null ? null : actorOf(db, userId), itemState(db, itemId).assignment);
}
