import { setMaxListeners } from 'node:events';
import type { AskSignals } from './ask';
import { RequestError, type ChatClient } from './client';
import type { AdaptiveLimiter } from './limiter';

/** A drained replica gets one probe request after this long; each failed probe doubles the wait, up to `PROBE_MAX_MS`. */
export const PROBE_AFTER_MS = 30_000;
const PROBE_MAX_MS = 5 * 60_000;

/**
 * One base URL of a pool, with its health. Its client is wrapped so the pool sees each reply and each timeout as it
 * happens: a timeout on a replica that has answered nothing since that request was sent means the replica is hung, and
 * waiting out the timeouts of its other requests one by one is what made a frozen replica cost a run ninefold.
 */
export class Replica {
  /** Requests of the pool on this replica, waiting at its limiter or in a backoff included. */
  inFlight = 0;
  drained: string | null = null;
  private probeAt = 0;
  private probeDelay: number;
  private probing = false;
  /** Replies received so far: a count, not a time, so two things in the same millisecond are still told apart. */
  private answers = 0;
  /** Aborted when the replica is found hung: its requests in flight and waiting are re-asked elsewhere. */
  private hung = new AbortController();
  readonly client: ChatClient;

  /**
   * `elsewhere` says whether another replica is in service: the last one is never frozen, since draining it would only
   * turn every question into an error (on a starved machine, timers can fire before replies that arrived are read).
   */
  constructor(readonly url: string, client: ChatClient, readonly limiter: AdaptiveLimiter, private readonly now: () => number,
    private readonly probeAfterMs: number, private readonly elsewhere: (self: Replica) => boolean) {
    this.probeDelay = probeAfterMs;
    setMaxListeners(0, this.hung.signal);
    this.client = {
      complete: async (request, signal) => {
        const before = this.answers;
        try {
          const reply = await client.complete(request, signal);
          this.answers++;
          return reply;
        } catch (error) {
          if (error instanceof RequestError && error.kind === 'timeout' && this.answers === before) this.freeze();
          throw error;
        }
      },
    };
  }

  /** Takes requests now: live, or drained with a probe due (the caller sends one request, then `answered` or `drain`). */
  usable(): boolean {
    return this.drained === null || (!this.probing && this.probeAt <= this.now());
  }

  /**
   * Takes one request: when the replica is drained, that request is its probe. Returns the run's signals joined with
   * the replica's own (`hung` aborts when the replica is found hung: its requests stop waiting and are dropped at once).
   */
  take(run: AskSignals): { signals: AskSignals; hung: AbortSignal } {
    if (this.drained !== null) this.probing = true;
    const hung = this.hung.signal;
    return { signals: { stop: AbortSignal.any([run.stop, hung]), abandon: AbortSignal.any([run.abandon, hung]) }, hung };
  }

  /** A reply came: a probe that is answered puts the replica back in service. */
  answered(): void {
    if (!this.probing) return;
    this.drained = null;
    this.probing = false;
    this.probeDelay = this.probeAfterMs;
  }

  /** No new requests until a probe is due; a failed probe doubles the wait before the next one. */
  drain(reason: string): void {
    if (this.drained !== null && !this.probing) return;
    if (this.probing) this.probeDelay = Math.min(PROBE_MAX_MS, this.probeDelay * 2);
    this.drained = reason;
    this.probing = false;
    this.probeAt = this.now() + this.probeDelay;
  }

  private freeze(): void {
    if ((this.drained !== null && !this.probing) || !this.elsewhere(this)) return;
    this.drain('timeout: the replica answered nothing since the request was sent');
    const hung = this.hung;
    this.hung = new AbortController();
    setMaxListeners(0, this.hung.signal);
    hung.abort(new Error(`replica ${this.url} is hung`));
  }
}
