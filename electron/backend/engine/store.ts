import type { Db } from '../db/open';
import { statement } from '../db/statements';

/** The engine's SQL: the response cache it owns, and the image bytes it sends. */

interface CacheRow { response: string; tokens_in: number | null; tokens_out: number | null }

function isCacheRow(row: unknown): row is CacheRow {
  return typeof row === 'object' && row !== null && typeof (row as { response?: unknown }).response === 'string';
}

export function cachedReply(db: Db, key: string): CacheRow | null {
  const row: unknown = statement(db, 'SELECT response, tokens_in, tokens_out FROM response_cache WHERE key = ?').get(key);
  return isCacheRow(row) ? row : null;
}

export function insertCachedReply(db: Db, key: string, reply: { text: string; tokensIn: number | null; tokensOut: number | null }, now: string): void {
  statement(db, 'INSERT OR IGNORE INTO response_cache (key, response, tokens_in, tokens_out, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(key, reply.text, reply.tokensIn, reply.tokensOut, now);
}

/** Whether a reply for this request is cached (the dry run's "N from the cache"). */
export function isCached(db: Db, key: string): boolean {
  return statement(db, 'SELECT 1 FROM response_cache WHERE key = ?').pluck().get(key) !== undefined;
}

export function imageBytesOf(db: Db, hash: string): Buffer | undefined {
  const bytes: unknown = statement(db, 'SELECT bytes FROM images WHERE hash = ?').pluck().get(hash);
  return Buffer.isBuffer(bytes) ? bytes : undefined;
}
