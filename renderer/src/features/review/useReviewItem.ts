import { useCallback, useEffect, useState } from 'react';
import type { DraftRole } from '@shared/contract';
import { write } from '../../api/queries';
import { useQueueItem } from '../workflow/useQueueItem';
import { useWorkClock } from '../workflow/useWorkClock';
import { completeVerdicts, noVerdicts, type Pending } from './review-verdicts';

/** The open item of the checker's queue: its triplet, the verdicts being given, moving on and submitting. */
export function useReviewItem() {
  const queue = useQueueItem('review');
  const { itemId, t, message, setMessage, moveOnFrom } = queue;
  const clock = useWorkClock(t?.itemId ?? null, 'review', t?.can.review ? queue.personScope : null);
  const [verdicts, setVerdicts] = useState<Pending>(noVerdicts);
  const [active, setActive] = useState<DraftRole>('perception');

  useEffect(() => { setVerdicts(noVerdicts); setActive('perception'); }, [itemId]);

  const submit = useCallback(async () => {
    if (!t?.can.review) return;
    const complete = completeVerdicts(verdicts);
    if (!complete) { setMessage('Give a verdict on both questions first.'); return; }
    try {
      const time = clock.take(t.itemId);
      const result = await write('reviews.submit', { itemId: t.itemId, verdicts: complete, time });
      clock.ack(t.itemId, time);
      await moveOnFrom(t.itemId, `Verdict on item ${t.extId} saved — it is now ${result.status.replace('_', ' ')}.`);
    } catch (e) {
      setMessage((e as Error).message);
    }
  }, [t, verdicts, clock, setMessage, moveOnFrom]);

  return { queue, me: queue.me, user: queue.user, itemId, tri: queue.tri, t, verdicts, setVerdicts, active, setActive, message, move: queue.move, submit };
}
