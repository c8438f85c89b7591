import { useCallback, useEffect, useState } from 'react';
import type { DraftRole } from '@shared/contract';
import { call } from '../../api/call';
import { queryClient, useCall } from '../../api/queries';
import { useWorkflow } from '../../stores/workflow';
import { usePrefetchUpcoming } from '../workflow/usePrefetchUpcoming';
import { useWorkClock } from '../workflow/useWorkClock';
import { completeVerdicts, noVerdicts, type Pending } from './review-verdicts';

/** The open item of the checker's queue: its triplet, the verdicts being given, moving on and submitting. */
export function useReviewItem() {
  const me = useCall('session.me');
  const info = useCall('app.info');
  const user = me.data?.user ?? null;
  const { reviewItem: itemId, openReview, todoOnly } = useWorkflow();
  const tri = useCall('triplets.get', { itemId: itemId ?? -1 }, { enabled: itemId !== null && Boolean(user?.roles.includes('checker')) });
  const scope = info.data?.project && user && tri.data?.can.review ? `${info.data.project.path}|${user.id}` : null;
  const clock = useWorkClock(tri.data?.itemId ?? null, 'review', scope);
  const [verdicts, setVerdicts] = useState<Pending>(noVerdicts);
  const [active, setActive] = useState<DraftRole>('perception');
  const [message, setMessage] = useState<string | null>(null);
  usePrefetchUpcoming(tri.data);
  const t = tri.data;

  useEffect(() => { setVerdicts(noVerdicts); setMessage(null); setActive('perception'); }, [itemId]);

  const move = useCallback(async (direction: 'next' | 'previous') => {
    if (itemId === null) return;
    const next = await call('triplets.next', { kind: 'review', todo: todoOnly, itemId, direction });
    if (next.itemId !== null) openReview(next.itemId);
    else setMessage(direction === 'next' ? 'That was the last triplet in your queue.' : 'This is the first triplet in your queue.');
  }, [itemId, todoOnly, openReview]);

  const submit = useCallback(async () => {
    if (!t?.can.review) return;
    const complete = completeVerdicts(verdicts);
    if (!complete) { setMessage('Give a verdict on both questions first.'); return; }
    try {
      const time = clock.take(t.itemId);
      const result = await call('reviews.submit', { itemId: t.itemId, verdicts: complete, time });
      clock.ack(t.itemId, time);
      await queryClient.invalidateQueries({ queryKey: ['triplets.queue'] });
      const next = await call('triplets.next', { kind: 'review', todo: true, itemId: t.itemId, direction: 'next' });
      setMessage(`Verdict on item ${t.extId} saved — it is now ${result.status.replace('_', ' ')}.`);
      if (next.itemId !== null) openReview(next.itemId);
      else void tri.refetch();
    } catch (e) {
      setMessage((e as Error).message);
    }
  }, [t, verdicts, openReview, tri, clock]);

  return { me, user, itemId, tri, t, verdicts, setVerdicts, active, setActive, message, move, submit };
}
