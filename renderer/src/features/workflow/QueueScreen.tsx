import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Triplet } from '@shared/contract';
import { QueueList } from './QueueList';
import { EmptyPane, roleGate } from './RoleGate';
import { queueRoles, type QueueItem } from './useQueueItem';

/**
 * The frame of a queue screen (Annotate, Review): the role gate, the queue on the left, and beside it the open item or
 * a pane that says what to do while there is none. `other` tells someone without the role where their work is.
 */
export function QueueScreen(props: {
  queue: QueueItem; icon: LucideIcon; other: string; emptyTitle: string; empty: ReactNode;
  children: (t: Triplet) => ReactNode; after?: ReactNode;
}) {
  const { queue, icon } = props;
  const gate = roleGate(queue.kind, queue.user, Boolean(queue.me.data), queueRoles[queue.kind].role, icon, props.other);
  if (gate) return gate;
  return (
    <div className="workflow">
      <QueueList kind={queue.kind} selected={queue.itemId} onSelect={queue.open} />
      {queue.itemId === null || !queue.t ? (
        <EmptyPane loading={queue.tri.isLoading} icon={icon} title={props.emptyTitle} testId={`${queue.kind}.empty`}>{props.empty}</EmptyPane>
      ) : props.children(queue.t)}
      {props.after}
    </div>
  );
}
