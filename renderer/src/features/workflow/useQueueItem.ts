import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../api/call';
import { invalidateScopes, queryClient, useCall } from '../../api/queries';
import { useWorkflow } from '../../stores/workflow';
import { usePrefetchUpcoming } from './usePrefetchUpcoming';

export type QueueKind = 'annotate' | 'review';

/** Who works each queue, and what its items are called in the messages. */
export const queueRoles = {
  annotate: { role: 'annotator', thing: 'item' },
  review: { role: 'checker', thing: 'triplet' },
} as const;

/**
 * The open item of one of the caller's queues (Annotate, Review): who is signed in, the triplet, a message line,
 * moving through the queue, and moving on after a submit. The screens add their own editing on top.
 */
export function useQueueItem(kind: QueueKind) {
  const me = useCall('session.me');
  const info = useCall('app.info');
  const user = me.data?.user ?? null;
  const workflow = useWorkflow();
  const itemId = kind === 'annotate' ? workflow.annotateItem : workflow.reviewItem;
  const open = kind === 'annotate' ? workflow.openAnnotate : workflow.openReview;
  const { todoOnly } = workflow;
  const tri = useCall('triplets.get', { itemId: itemId ?? -1 }, { enabled: itemId !== null && Boolean(user?.roles.includes(queueRoles[kind].role)) });
  /** Where this person's local state for this project is kept (drafts, work time). */
  const personScope = info.data?.project && user ? `${info.data.project.path}|${user.id}` : null;
  const [message, setMessage] = useState<string | null>(null);
  usePrefetchUpcoming(tri.data);

  // A message belongs to its item, except the one a submit leaves for the item it moved on to ("Submitted item 3…").
  const keepMessageFor = useRef<number | null>(null);
  useEffect(() => {
    if (itemId !== null && itemId === keepMessageFor.current) keepMessageFor.current = null;
    else setMessage(null);
  }, [itemId]);

  /** The next or previous item of the queue; `before` runs first (the annotator's pending save). */
  const move = useCallback(async (direction: 'next' | 'previous', before?: () => Promise<unknown>) => {
    if (itemId === null) return;
    await before?.();
    const next = await call('triplets.next', { kind, todo: todoOnly, itemId, direction });
    if (next.itemId !== null) open(next.itemId);
    else setMessage(direction === 'next' ? `That was the last ${queueRoles[kind].thing} in your queue.` : `This is the first ${queueRoles[kind].thing} in your queue.`);
  }, [kind, itemId, todoOnly, open]);

  const refetch = tri.refetch;
  /** After a submit the queue has changed: say what happened and open its next item, or reload this one when none is left. */
  const moveOnFrom = useCallback(async (doneId: number, said: string) => {
    // The submit changed the queue (the team scope): its list shows the change before the next item opens.
    await invalidateScopes(queryClient, ['team']);
    const next = await call('triplets.next', { kind, todo: true, itemId: doneId, direction: 'next' });
    setMessage(said);
    keepMessageFor.current = next.itemId;
    if (next.itemId !== null) open(next.itemId);
    else void refetch();
  }, [kind, open, refetch]);

  return { kind, me, user, itemId, open, tri, t: tri.data, personScope, message, setMessage, move, moveOnFrom };
}

export type QueueItem = ReturnType<typeof useQueueItem>;
