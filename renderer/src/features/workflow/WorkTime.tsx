import { useEffect, useState } from 'react';
import { ActiveClock } from '@shared/domain/active-clock';
import { formatDuration } from './format-time';
import { ACTIVITY } from './useWorkClock';

/**
 * "your time" while it grows: the time the server has counted on this item, plus the active time measured here since
 * (the same rule as the work clock: a visible page, acted on within the last minute), redrawn every second. Saves
 * carry the measured time to the server; when its count comes back, counting here starts again from it.
 */
export function WorkTime(props: { storedMs: number; itemId: number; running: boolean; testId: string }) {
  const [extra, setExtra] = useState(0);
  const { storedMs, itemId, running } = props;
  useEffect(() => {
    setExtra(0);
    if (!running) return;
    const clock = new ActiveClock(Date.now(), document.visibilityState === 'visible');
    const onActivity = () => clock.activity(Date.now());
    const onVisibility = () => clock.visibility(document.visibilityState === 'visible', Date.now());
    for (const name of ACTIVITY) window.addEventListener(name, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    let total = 0;
    const timer = setInterval(() => {
      total += clock.take(Date.now());
      setExtra(total);
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [storedMs, itemId, running]);
  return (
    <span className="muted small" data-testid={props.testId} title="Your active time on this item (counted while you work on it)">
      your time {formatDuration(storedMs + extra)}
    </span>
  );
}
