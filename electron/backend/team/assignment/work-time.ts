import type { TimeDelta } from '@shared/contract';
import { IDLE_MS } from '@shared/domain/active-clock';
import type { Db } from '../../db/open';
import { creditedUntil, insertWorkTime, type WorkKind } from './store/time';

/**
 * How far a person's credited time may run past the moment of a save: the client's clock keeps counting for up to one
 * idle minute after the last action (`IDLE_MS`), so a stretch measured just before a save can end a little late.
 * It is not given again per save: a save that follows at once starts where the last one's credit ended.
 */
export const WORK_TIME_SLACK_MS = IDLE_MS;

/**
 * Adds the part of a measured delta that fits in wall time. One person has one clock: their credited time is a line
 * of stretches that never overlap, each ending at most `WORK_TIME_SLACK_MS` after its save, and a first stretch starts
 * no earlier than the item's assignment. So forty saves a second apart cannot claim forty times twelve hours: each
 * may claim only the time since the credit before it ended (DECISIONS 107).
 */
export function addWorkTime(db: Db, delta: TimeDelta, itemId: number, userId: string, kind: WorkKind, now: Date): void {
  if (delta.ms <= 0) return;
  const at = now.getTime();
  const previous = creditedUntil(db, userId, itemId);
  const start = Math.max(at - delta.ms, previous === null ? at : Date.parse(previous));
  const ms = Math.min(delta.ms, at + WORK_TIME_SLACK_MS - start);
  if (ms <= 0) return;
  insertWorkTime(db, { id: delta.id, ms }, itemId, userId, kind, new Date(start + ms).toISOString());
}
