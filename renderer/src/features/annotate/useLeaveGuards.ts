import { useEffect, useRef } from 'react';
import type { Input } from '@shared/contract';
import { BACKEND_BACK, transport } from '../../api/transport';

interface LeaveGuards {
  /** Whether anything typed has not reached the server yet. */
  unsent(): boolean;
  /** Save now through the ordinary path (the page is hidden but still alive). */
  flush(): void;
  /** The save to send as the page goes away, or null when there is none. */
  sendNow(): Input<'triplets.save'> | null;
  /** The server answers again (the event stream reconnected, the network came back): try the waiting save. */
  retry(): void;
}

/**
 * Keeps unsent text from being lost when the page goes: a hidden tab saves at once, an unloading page sends its save
 * with keepalive (the browser finishes it after the page is gone) and asks the person to stay while anything is
 * unsent. The text is also in local storage, so even a refused or lost last save comes back on reload.
 */
export function useLeaveGuards(guards: LeaveGuards): void {
  const ref = useRef(guards);
  ref.current = guards;
  useEffect(() => {
    const onHidden = () => { if (document.visibilityState === 'hidden') ref.current.flush(); };
    const onPageHide = () => {
      const save = ref.current.sendNow();
      if (save) transport.sendOnLeave('triplets.save', save);
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!ref.current.unsent()) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    const onBack = () => ref.current.retry();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('online', onBack);
    window.addEventListener(BACKEND_BACK, onBack);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('online', onBack);
      window.removeEventListener(BACKEND_BACK, onBack);
    };
  }, []);
}
