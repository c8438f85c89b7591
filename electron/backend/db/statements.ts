import type { Statement } from 'better-sqlite3';
import type { Db } from './open';

/**
 * The connection's prepared statement for `sql`, prepared once and kept on the connection (connection.ts). better-sqlite3
 * does not cache: preparing the predictions upsert costs ~34 µs, as much again as running it, and runs write one row
 * per answer.
 */
export function statement<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let stmt = db.statements.get(sql);
  if (!stmt) db.statements.set(sql, (stmt = db.prepare(sql)));
  // The row type is the caller's statement of what its SQL selects: the one place it is asserted.
  return stmt as Statement<P, R>;
}
