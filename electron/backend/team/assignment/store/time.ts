import type { TimeDelta } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

export type WorkKind = 'annotate' | 'review';

/**
 * Stores one credited delta of active time (`team/work-time.ts` decides how much). The delta's id makes it
 * idempotent: a save retried after a lost answer, or re-sent from a reloaded page, carries the same id and is counted
 * once. `at` is where the credited stretch of time ends.
 */
export function insertWorkTime(db: Db, delta: TimeDelta, itemId: number, userId: string, kind: WorkKind, at: string): void {
  statement(db, 'INSERT OR IGNORE INTO work_time (delta_id, item_id, user_id, kind, ms, at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(delta.id, itemId, userId, kind, delta.ms, at);
}

/** Where this person's credited time ends so far (any item, either kind), or the item's assignment for a first delta. */
export function creditedUntil(db: Db, userId: string, itemId: number): string | null {
  return statement<[string, number], string | null>(db, `SELECT coalesce((SELECT max(at) FROM work_time WHERE user_id = ?),
    (SELECT assigned_at FROM assignments WHERE item_id = ?))`).pluck().get(userId, itemId) ?? null;
}

/** One person's active time on one item (both kinds). */
export function personItemTime(db: Db, itemId: number, userId: string): number {
  return statement<[number, string], number>(db, 'SELECT coalesce(sum(ms), 0) FROM work_time WHERE item_id = ? AND user_id = ?').pluck().get(itemId, userId) ?? 0;
}

/** Active time on one item per person and kind, for exports. */
export function itemTimes(db: Db, itemId: number): { user: string; kind: WorkKind; ms: number }[] {
  return statement<[number], { user: string; kind: WorkKind; ms: number }>(db, `SELECT user_id AS user, kind, sum(ms) AS ms FROM work_time WHERE item_id = ?
    GROUP BY user_id, kind ORDER BY user_id, kind`).all(itemId);
}

export interface TimeSummary { timeMs: number; medianMs: number | null; timedItems: number }

const median = (sorted: number[]): number | null => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Per person: total active time of one kind and the median per triplet they spent time on (optionally one dataset). */
export function timeByPerson(db: Db, kind: WorkKind, datasetId?: number): Map<string, TimeSummary> {
  const rows = statement<(string | number)[], { user: string; ms: number }>(db, `SELECT w.user_id AS user, sum(w.ms) AS ms FROM work_time w JOIN items i ON i.id = w.item_id
    WHERE w.kind = ?${datasetId === undefined ? '' : ' AND i.dataset_id = ?'} GROUP BY w.user_id, w.item_id ORDER BY w.user_id, ms`)
    .all(...(datasetId === undefined ? [kind] : [kind, datasetId]));
  const perUser = new Map<string, number[]>();
  for (const r of rows) perUser.set(r.user, [...(perUser.get(r.user) ?? []), r.ms]);
  return new Map([...perUser].map(([user, ms]) => [user, { timeMs: ms.reduce((a, b) => a + b, 0), medianMs: median(ms), timedItems: ms.length }]));
}

export const noTime: TimeSummary = { timeMs: 0, medianMs: null, timedItems: 0 };
