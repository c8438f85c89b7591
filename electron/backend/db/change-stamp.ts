import type { Db } from './open';
import { statement } from './statements';

/**
 * What says whether the project file's data changed between two moments: `data_version` moves when another
 * connection (another process: the CLI, a second studio) commits, `total_changes()` when this connection writes a row.
 * Equal stamps mean no row was written in between, by anyone; a write that is rolled back still moves it (a spurious
 * "changed" is harmless to a cache, a missed one would not be).
 */
export interface ChangeStamp { version: number; changes: number }

// One statement: each statement outside a transaction takes the file's locks anew (db/snapshot.ts).
export const changeStamp = (db: Db): ChangeStamp =>
  statement<[], ChangeStamp>(db, 'SELECT data_version AS version, total_changes() AS changes FROM pragma_data_version').get()!;

export const sameStamp = (a: ChangeStamp, b: ChangeStamp) => a.version === b.version && a.changes === b.changes;
