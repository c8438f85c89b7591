import type { TimeDelta } from '@shared/contract';
import type { DraftStorage } from '../annotate/local-drafts';

/**
 * Active time not yet acknowledged by the server, per item: `pending` is the delta a save carried (re-sent unchanged,
 * under the same id, until a save is acknowledged, so the server counts it once) and `carry` is what accrued since.
 * Kept in the tab's session storage, so a reload neither loses it nor counts it twice.
 */
interface Stash { pending: TimeDelta | null; carry: number }

const MAX_DELTA_MS = 12 * 3_600_000;

export const workTimeKey = (scope: string, kind: 'annotate' | 'review', itemId: number) => `anchor.time.${kind}.${scope}.${itemId}`;

function read(storage: DraftStorage, key: string): Stash {
  try {
    const raw = storage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stash>) : {};
    return { pending: parsed.pending ?? null, carry: typeof parsed.carry === 'number' ? parsed.carry : 0 };
  } catch {
    return { pending: null, carry: 0 };
  }
}

function write(storage: DraftStorage, key: string, stash: Stash): void {
  try {
    if (!stash.pending && stash.carry === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(stash));
  } catch {
    // A full storage loses a few seconds of timing, never the text: nothing to tell the person.
  }
}

/** A random delta id; crypto.getRandomValues works on plain-http team servers, where randomUUID does not exist. */
export function newDeltaId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `t${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Adds measured time to an item's carry (time spent before moving to another item). */
export function carryTime(storage: DraftStorage, key: string, ms: number): void {
  if (ms <= 0) return;
  const stash = read(storage, key);
  write(storage, key, { ...stash, carry: stash.carry + ms });
}

/** The delta the next save carries: the unacknowledged one again, or a new one holding everything carried so far. */
export function deltaToSend(storage: DraftStorage, key: string, ms: number, newId: () => string = newDeltaId): TimeDelta | undefined {
  const stash = read(storage, key);
  const carry = stash.carry + Math.max(0, ms);
  if (stash.pending) {
    write(storage, key, { pending: stash.pending, carry });
    return stash.pending;
  }
  if (carry <= 0) return undefined;
  const pending = { id: newId(), ms: Math.min(Math.round(carry), MAX_DELTA_MS) };
  write(storage, key, { pending, carry: 0 });
  return pending;
}

/** The server stored a save carrying `delta`: it is counted, so it is never sent again. */
export function acknowledgeDelta(storage: DraftStorage, key: string, delta: TimeDelta | undefined): void {
  if (!delta) return;
  const stash = read(storage, key);
  if (stash.pending?.id === delta.id) write(storage, key, { ...stash, pending: null });
}
