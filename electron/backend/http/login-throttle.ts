import type { LoginSlowdown } from '../server-door';

/** Failures after which logins slow down, the first wait, the longest one, and when a quiet name is forgiven. */
export const THROTTLE = { freeFailures: 5, firstWaitMs: 30_000, maxWaitMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 } as const;

interface Record { failures: number; last: number; until: number }

/** `by` says which of name and address is being slowed; the backend keeps it in the project's history. */
export type Slowdown = LoginSlowdown;

/** What `attempt` answers: either the slow-down in force, or leave to check the password (already counted). */
export type Attempt = { blocked: Slowdown } | { blocked: null; starts: Slowdown[] };

/**
 * Slows down password guessing, per name (one account attacked from many addresses) and per address (many names
 * tried from one): after `freeFailures` misses each further attempt must wait, the wait doubling per miss.
 * - Per name, an attempt is counted as a miss BEFORE its password is checked: the check takes a scrypt's time, and
 *   counting after it let thirty parallel guesses all pass a gate that still read zero.
 * - Per address, at most `freeFailures` attempts are checked at once (`turn`); the others wait their turn and then
 *   meet the slow-down their predecessors' misses started. Counting an address's misses before the check instead
 *   would refuse a room of people logging in at the same moment from one address (a NAT, or one proxy).
 * A successful login clears the name and the address. A name can be slowed by someone guessing it; that costs its
 * owner a wait of minutes, never a lock. Kept in memory: a restart forgets, which only the owner can do.
 */
export class LoginThrottle {
  private readonly records = new Map<string, Record>();
  /** Per address: how many attempts are being checked, and who waits for a turn. */
  private readonly checking = new Map<string, { count: number; waiting: (() => void)[] }>();

  constructor(private readonly now: () => number) {}

  /** The slow-down in force for this name or address, or null when an attempt may go ahead. */
  blocked(name: string, address: string): Slowdown | null {
    const at = this.now();
    for (const [by, key] of [['name', name], ['address', address]] as const) {
      const record = this.records.get(`${by}:${key}`);
      if (record && record.until > at) return { by, key, failures: record.failures, until: new Date(record.until) };
    }
    return null;
  }

  /** Resolves once fewer than `freeFailures` attempts from this address are being checked; call the result when done. */
  async turn(address: string): Promise<() => void> {
    const slot = this.checking.get(address) ?? { count: 0, waiting: [] };
    this.checking.set(address, slot);
    if (slot.count >= THROTTLE.freeFailures) await new Promise<void>((go) => slot.waiting.push(go));
    else slot.count += 1;
    return () => {
      const next = slot.waiting.shift();
      if (next) return next(); // the turn passes on, the count stays
      slot.count -= 1;
      if (slot.count === 0) this.checking.delete(address);
    };
  }

  /**
   * Checks and counts the name's miss in one synchronous step, so no other request can slip between the two. The
   * slow-downs this miss would start are returned for the caller to report once the password has really failed.
   */
  attempt(name: string, address: string): Attempt {
    const blocked = this.blocked(name, address);
    return blocked ? { blocked } : { blocked: null, starts: this.count([['name', name]]) };
  }

  /** Counts a failed attempt of the address (its name was counted by `attempt`); returns the slow-downs it starts. */
  addressFailed(address: string): Slowdown[] {
    return this.count([['address', address]]);
  }

  /** Counts a failed attempt for the name and the address at once (logins that were not gated by `attempt`). */
  failed(name: string, address: string): Slowdown[] {
    return this.count([['name', name], ['address', address]]);
  }

  private count(keys: readonly (readonly ['name' | 'address', string])[]): Slowdown[] {
    const at = this.now();
    const started: Slowdown[] = [];
    for (const [by, key] of keys) {
      const id = `${by}:${key}`;
      const previous = this.records.get(id);
      const fresh = !previous || at - previous.last > THROTTLE.forgetAfterMs;
      const failures = fresh ? 1 : previous.failures + 1;
      const over = failures - THROTTLE.freeFailures + 1;
      const until = over > 0 ? at + Math.min(THROTTLE.firstWaitMs * 2 ** (over - 1), THROTTLE.maxWaitMs) : 0;
      this.records.set(id, { failures, last: at, until });
      if (until > 0) started.push({ by, key, failures, until: new Date(until) });
    }
    return started;
  }

  succeeded(name: string, address: string): void {
    this.records.delete(`name:${name}`);
    this.records.delete(`address:${address}`);
  }
}
