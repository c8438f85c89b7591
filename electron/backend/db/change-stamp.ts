import type { Db } from './open';
import { statement } from './statements';

/**
 * What says whether the project file's data changed between two moments: `data_version` moves when another
 * connection (another process: the CLI, a second studio) commits, `total_changes()` when this connection writes a row.
 * Equal stamps mean no row was written in between, by anyone; a write that is rolled back still moves it (a spurious
 * "changed" is harmless to a cache, a missed one would not be).
 */
export interface ChangeStamp { version: number; changes: number }

export function changeStamp(db: Db): ChangeStamp {
  return {
    version: statement<[], number>(db, 'PRAGMA data_version').pluck().get()!,
    changes: statement<[], number>(db, 'SELECT total_changes()').pluck().get()!,
  };
}

export const sameStamp = (a: ChangeStamp, b: ChangeStamp) => a.version === b.version && a.changes === b.changes;
