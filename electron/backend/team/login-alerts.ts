import type { Db } from '../db/open';
import { loginSlowdownRows } from './store/login-alerts';

const SHOWN = 50;

/** Slow-downs the HTTP adapter recorded (revisions of entity `login`), newest first, for the lead. */
export function loginAlerts(db: Db): { at: string; by: 'name' | 'address'; key: string; failures: number; until: string }[] {
  return loginSlowdownRows(db, SHOWN).map((r) => {
    const diff = JSON.parse(r.diff) as { by: 'name' | 'address'; failures: number; until: string };
    return { at: r.at, by: diff.by, key: r.entity_id, failures: diff.failures, until: diff.until };
  });
}
