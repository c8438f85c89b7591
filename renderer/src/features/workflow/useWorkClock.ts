import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { TimeDelta } from '@shared/contract';
import { ActiveClock } from '@shared/domain/active-clock';
import { acknowledgeDelta, carryTime, deltaToSend, workTimeKey } from './work-time-stash';

/** What counts as working on the form (the shown time ticks on the same events). */
export const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'input', 'wheel'] as const;

export interface WorkClock {
  /** The time delta the next save of this item carries (undefined when nothing was measured). */
  take(itemId: number): TimeDelta | undefined;
  /** The save carrying `delta` was stored. */
  ack(itemId: number, delta: TimeDelta | undefined): void;
}

/**
 * Measures active time on the annotate or review form of the item on screen (visible page, acted within the last
 * minute), and hands it to saves as deltas that survive reloads and are counted once. `scope` names the project and
 * person; without one nothing is measured.
 */
export function useWorkClock(itemId: number | null, kind: 'annotate' | 'review', scope: string | null): WorkClock {
  const clock = useRef(new ActiveClock(Date.now(), document.visibilityState === 'visible'));
  const shown = useRef<number | null>(null);
  const key = useCallback((id: number) => (scope ? workTimeKey(scope, kind, id) : null), [scope, kind]);

  useEffect(() => {
    const onActivity = () => clock.current.activity(Date.now());
    const onVisibility = () => clock.current.visibility(document.visibilityState === 'visible', Date.now());
    for (const name of ACTIVITY) window.addEventListener(name, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      for (const name of ACTIVITY) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  // Time measured until another item opens belongs to the one that was on screen.
  useEffect(() => {
    const before = shown.current;
    const ms = clock.current.take(Date.now());
    const k = before === null ? null : key(before);
    if (k) carryTime(sessionStorage, k, ms);
    shown.current = itemId;
  }, [itemId, key]);

  const take = useCallback((id: number) => {
    const ms = clock.current.take(Date.now());
    const current = shown.current;
    // A save of an item no longer on screen (moving on): what was measured belongs to the one on screen.
    const currentKey = current !== null && current !== id ? key(current) : null;
    if (currentKey) carryTime(sessionStorage, currentKey, ms);
    const k = key(id);
    return k ? deltaToSend(sessionStorage, k, current === id ? ms : 0) : undefined;
  }, [key]);

  const ack = useCallback((id: number, delta: TimeDelta | undefined) => {
    const k = key(id);
    if (k) acknowledgeDelta(sessionStorage, k, delta);
  }, [key]);

  return useMemo(() => ({ take, ack }), [take, ack]);
}
