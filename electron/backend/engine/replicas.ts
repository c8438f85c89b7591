import { askWithRetries, GaveUp, type Asked, type AskSignals, type RetryPolicy } from './ask';
import type { ChatClient, ChatRequest } from './client';
import { AdaptiveLimiter } from './limiter';

/** Sends one request somewhere and returns its reply; the engine asks through this, whatever is behind it. */
export type Asker = (request: ChatRequest, estimatedTokens: number, signal: AbortSignal | AskSignals) => Promise<Asked>;

/** Attempts a replica gets at one request before it is drained (a restart may drop a connection once). */
export const DRAIN_AFTER = 2;

interface Replica { url: string; client: ChatClient; limiter: AdaptiveLimiter; inFlight: number; drained: string | null }

/**
 * One model served by several base URLs (vLLM replicas on several nodes). Each replica has its own limiter; a request
 * goes to the live replica with the fewest in flight. A replica that keeps failing with a server-side error (down,
 * resetting, 5xx) is drained — it gets nothing more in this run — and the request is re-asked on another one, so a
 * question is neither lost nor asked twice on purpose. Errors a retry cannot fix (a bad key, a bad request) and rate
 * limits stay the caller's, as with one server.
 */
export class ReplicaPool {
  private readonly replicas: Replica[];

  constructor(targets: readonly { url: string; client: ChatClient; limiter?: AdaptiveLimiter }[], limiter: () => AdaptiveLimiter,
    private readonly policy: RetryPolicy) {
    this.replicas = targets.map((t) => ({ url: t.url, client: t.client, limiter: t.limiter ?? limiter(), inFlight: 0, drained: null }));
  }

  /** Replicas still taking requests, and why the others were drained. */
  state(): { url: string; drained: string | null }[] {
    return this.replicas.map((r) => ({ url: r.url, drained: r.drained }));
  }

  private pick(): Replica | null {
    let best: Replica | null = null;
    for (const r of this.replicas) if (r.drained === null && (best === null || r.inFlight < best.inFlight)) best = r;
    return best;
  }

  readonly ask: Asker = async (request, estimatedTokens, signal) => {
    let attempts = 0;
    for (;;) {
      const replica = this.pick();
      if (!replica) throw this.lastError ?? new Error('no replica to ask');
      replica.inFlight++;
      try {
        const asked = await askWithRetries(replica.client, replica.limiter, request, estimatedTokens, { ...this.policy, maxAttempts: DRAIN_AFTER }, signal);
        return { reply: asked.reply, attempts: attempts + asked.attempts };
      } catch (error) {
        if (!(error instanceof GaveUp)) throw error;
        attempts += error.attempts;
        const kind = error.last.kind;
        if (kind !== 'server' && kind !== 'network' && kind !== 'timeout' && kind !== 'malformed') throw new GaveUp(error.last, attempts);
        replica.drained ??= `${kind}: ${error.last.message}`;
        this.lastError = new GaveUp(error.last, attempts);
      } finally {
        replica.inFlight--;
      }
    }
  };

  private lastError: GaveUp | null = null;
}

/** The engine's way to ask: straight to the one server, or through a pool when the endpoint lists replicas. */
export function askerFor(
  primary: { url: string; client: ChatClient; limiter: AdaptiveLimiter }, replicas: readonly { url: string; client: ChatClient }[],
  limiter: () => AdaptiveLimiter, policy: RetryPolicy,
): Asker {
  if (replicas.length === 0) return (request, tokens, signal) => askWithRetries(primary.client, primary.limiter, request, tokens, policy, signal);
  return new ReplicaPool([primary, ...replicas], limiter, policy).ask;
}
