import { askWithRetries, backoffMs, cancelled, GaveUp, signalsOf, sleep, type Asked, type AskSignals, type RetryPolicy } from './ask';
import type { ChatClient, ChatRequest } from './client';
import { AdaptiveLimiter } from './limiter';
import { PROBE_AFTER_MS, Replica } from './replica';

/** Sends one request somewhere and returns its reply; the engine asks through this, whatever is behind it. */
export type Asker = (request: ChatRequest, estimatedTokens: number, signal: AbortSignal | AskSignals) => Promise<Asked>;

/** Attempts a replica gets at one request before it is drained (a restart may drop a connection once). */
export const DRAIN_AFTER = 2;

export interface PoolOptions {
  now?: () => number;
  probeAfterMs?: number;
}

/** What one request has met so far across the pool. */
interface Journey {
  attempts: number;
  rateLimited: number;
  /** Replicas that answered this request with a 429, and until when it leaves them alone. */
  notBefore: Map<Replica, number>;
}

/**
 * One model served by several base URLs (vLLM replicas on several nodes). Each replica has its own limiter; a request
 * goes to a replica with room (fewest in flight), else to the one with the fewest waiting. A replica that keeps failing
 * with a server-side error (down, resetting, 5xx) is drained and the request re-asked on another one, so a question is
 * neither lost nor asked twice on purpose; a replica found hung (a timeout with no answer since that request was sent)
 * is drained at once and its requests in flight are dropped and re-asked elsewhere. A drained replica gets a probe
 * request later, and is back in service when it answers. A 429 concerns the replica that sent it: the request goes to
 * another replica at once, and waits the Retry-After only when every replica said so. Errors a retry cannot fix (a bad
 * key, a bad request) stay the caller's.
 */
export class ReplicaPool {
  private readonly replicas: Replica[];
  private readonly now: () => number;
  private lastError: GaveUp | null = null;

  constructor(targets: readonly { url: string; client: ChatClient; limiter?: AdaptiveLimiter }[], limiter: () => AdaptiveLimiter,
    private readonly policy: RetryPolicy, options: PoolOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    const elsewhere = (self: Replica) => this.replicas.some((r) => r !== self && r.drained === null);
    this.replicas = targets.map((t) => new Replica(t.url, t.client, t.limiter ?? limiter(), this.now, options.probeAfterMs ?? PROBE_AFTER_MS, elsewhere));
  }

  /** Replicas still taking requests, and why the others were drained. */
  state(): { url: string; drained: string | null }[] {
    return this.replicas.map((r) => ({ url: r.url, drained: r.drained }));
  }

  /** A replica to send to now, null when none is usable, or ms to wait when every usable one sent this request a 429. */
  private pick(journey: Journey): Replica | number | null {
    const now = this.now();
    const usable = this.replicas.filter((r) => r.usable());
    if (usable.length === 0) return null;
    const open = usable.filter((r) => (journey.notBefore.get(r) ?? 0) <= now);
    if (open.length === 0) return Math.min(...usable.map((r) => journey.notBefore.get(r)!)) - now;
    // A usable drained replica is due for its probe: that goes first, or a lightly loaded pool might never send it.
    const probe = open.find((r) => r.drained !== null);
    if (probe) return probe;
    const roomy = open.filter((r) => r.limiter.hasRoom());
    return (roomy.length > 0 ? roomy : open).reduce((best, r) => (r.inFlight < best.inFlight ? r : best));
  }

  readonly ask: Asker = async (request, estimatedTokens, signal) => {
    const run = signalsOf(signal);
    const journey: Journey = { attempts: 0, rateLimited: 0, notBefore: new Map() };
    for (;;) {
      const replica = this.pick(journey);
      if (replica === null) throw this.lastError ?? new Error('no replica to ask');
      if (typeof replica === 'number') {
        await sleep(replica, run.stop).catch(() => { throw cancelled(journey.attempts); });
        continue;
      }
      const { signals, hung } = replica.take(run);
      replica.inFlight++;
      try {
        // One 429 gives up on this replica at once: the pool, not the replica, decides where the request waits.
        const policy = { ...this.policy, maxAttempts: DRAIN_AFTER, maxRateLimited: 1 };
        const asked = await askWithRetries(replica.client, replica.limiter, request, estimatedTokens, policy, signals);
        replica.answered();
        return { reply: asked.reply, attempts: journey.attempts + asked.attempts };
      } catch (error) {
        if (!(error instanceof GaveUp)) throw error;
        journey.attempts += error.attempts;
        this.afterFailure(replica, error, journey, hung.aborted && !run.stop.aborted && !run.abandon.aborted);
      } finally {
        replica.inFlight--;
      }
    }
  };

  /** Decides what a failed request does next: throws to give up, returns to be asked again (elsewhere, mostly). */
  private afterFailure(replica: Replica, error: GaveUp, journey: Journey, droppedAsHung: boolean): void {
    const last = error.last;
    if (last.kind === 'cancelled') {
      if (droppedAsHung) return;
      throw new GaveUp(last, journey.attempts);
    }
    if (last.kind === 'rate_limit') {
      if (++journey.rateLimited >= this.policy.maxRateLimited) throw new GaveUp(last, journey.attempts);
      journey.notBefore.set(replica, this.now() + (last.retryAfterMs ?? backoffMs(journey.rateLimited, this.policy)));
      return;
    }
    if (last.kind !== 'server' && last.kind !== 'network' && last.kind !== 'timeout' && last.kind !== 'malformed') throw new GaveUp(last, journey.attempts);
    replica.drain(`${last.kind}: ${last.message}`);
    this.lastError = new GaveUp(last, journey.attempts);
  }
}

/** The engine's way to ask: straight to the one server, or through a pool when the endpoint lists replicas. */
export function askerFor(
  primary: { url: string; client: ChatClient; limiter: AdaptiveLimiter }, replicas: readonly { url: string; client: ChatClient }[],
  limiter: () => AdaptiveLimiter, policy: RetryPolicy,
): Asker {
  if (replicas.length === 0) return (request, tokens, signal) => askWithRetries(primary.client, primary.limiter, request, tokens, policy, signal);
  return new ReplicaPool([primary, ...replicas], limiter, policy).ask;
}
