import type { Db } from '../../db/open';
import { loginSlowdownRows } from './store/login-alerts';
import { readSlowdownDiff } from '../triplets/store/json';

const SHOWN = 50;

/** Slow-downs the HTTP adapter recorded (revisions of entity `login`), newest first, for the lead. */
export function loginAlerts(db: Db): { at: string; by: 'name' | 'address'; key: string; failures: number; until: string }[] {
  return loginSlowdownRows(db, SHOWN).map((r) => {
    const diff = readSlowdownDiff(r.diff);
    return { at: r.at, by: diff.by, key: r.entity_id, failures: diff.failures, until: diff.until };
  });
}
