import type { Db } from '../db/open';
import type { ChatReply } from './client';
import { cachedReply, insertCachedReply, isCached } from './store';

/** Replies by exact request, in the project: a repeated deterministic run costs nothing and needs no network. */
export class ResponseCache {
  constructor(private readonly db: Db) {}

  get(key: string): ChatReply | null {
    const row = cachedReply(this.db, key);
    return row ? { text: row.response, tokensIn: row.tokens_in, tokensOut: row.tokens_out, latencyMs: 0 } : null;
  }

  has(key: string): boolean {
    return isCached(this.db, key);
  }

  /** Only real answers: errors and empty replies never get here (the client throws for both). */
  put(key: string, reply: ChatReply, now: string): void {
    insertCachedReply(this.db, key, reply, now);
  }
}
