import type { Db } from '../db/open';

const SHOWN = 50;

/** Slow-downs the HTTP adapter recorded (revisions of entity `login`), newest first, for the lead. */
export function loginAlerts(db: Db): { at: string; by: 'name' | 'address'; key: string; failures: number; until: string }[] {
  const rows = db.prepare(`SELECT at, entity_id, diff FROM revisions WHERE entity = 'login' AND action = 'slowed' ORDER BY id DESC LIMIT ?`).all(SHOWN) as
    { at: string; entity_id: string; diff: string }[];
  return rows.map((r) => {
    const diff = JSON.parse(r.diff) as { by: 'name' | 'address'; failures: number; until: string };
    return { at: r.at, by: diff.by, key: r.entity_id, failures: diff.failures, until: diff.until };
  });
}
