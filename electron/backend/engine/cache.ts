import type { Db } from '../db/open';
import { statement } from '../db/statements';
import type { ChatReply } from './client';

/** Replies by exact request, in the project: a repeated deterministic run costs nothing and needs no network. */
export class ResponseCache {
  constructor(private readonly db: Db) {}

  get(key: string): ChatReply | null {
    const row = statement(this.db, 'SELECT response, tokens_in, tokens_out FROM response_cache WHERE key = ?').get(key) as
      { response: string; tokens_in: number | null; tokens_out: number | null } | undefined;
    return row ? { text: row.response, tokensIn: row.tokens_in, tokensOut: row.tokens_out, latencyMs: 0 } : null;
  }

  /** Only real answers: errors and empty replies never get here (the client throws for both). */
  put(key: string, reply: ChatReply, now: string): void {
    statement(this.db, 'INSERT OR IGNORE INTO response_cache (key, response, tokens_in, tokens_out, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(key, reply.text, reply.tokensIn, reply.tokensOut, now);
  }
}
