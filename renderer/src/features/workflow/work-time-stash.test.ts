import { describe, expect, it } from 'vitest';
import { acknowledgeDelta, carryTime, deltaToSend, workTimeKey } from './work-time-stash';
import type { DraftStorage } from '../annotate/local-drafts';

function memoryStorage(): DraftStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('time kept until the server acknowledges it', () => {
  const key = workTimeKey('/p.anchor|ann', 'annotate', 7);
  let n = 0;
  const ids = () => `delta-${++n}`;

  it('re-sends an unacknowledged delta unchanged and starts a new one only after the acknowledgement', () => {
    const storage = memoryStorage();
    const first = deltaToSend(storage, key, 4_000, ids);
    expect(first).toEqual({ id: 'delta-1', ms: 4_000 });
    // The save was lost (or the page reloaded): the same delta goes again, and the time since waits beside it.
    expect(deltaToSend(storage, key, 1_000, ids)).toEqual(first);
    acknowledgeDelta(storage, key, first);
    expect(deltaToSend(storage, key, 500, ids)).toEqual({ id: 'delta-2', ms: 1_500 });
  });

  it('sends nothing when no time was measured, and carries time spent before moving on', () => {
    const storage = memoryStorage();
    expect(deltaToSend(storage, key, 0, ids)).toBeUndefined();
    carryTime(storage, key, 2_000);
    expect(deltaToSend(storage, key, 0, ids)?.ms).toBe(2_000);
  });

  it('ignores an acknowledgement of another delta', () => {
    const storage = memoryStorage();
    const sent = deltaToSend(storage, key, 3_000, ids)!;
    acknowledgeDelta(storage, key, { id: 'someone-else', ms: 1 });
    expect(deltaToSend(storage, key, 0, ids)).toEqual(sent);
  });
});
