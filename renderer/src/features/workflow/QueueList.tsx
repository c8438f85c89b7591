import { useEffect, useRef } from 'react';
import { Check } from 'lucide-react';
import { useCall } from '../../api/queries';
import { useWorkflow } from '../../stores/workflow';
import { StatusPill } from './StatusPill';

/** The caller's queue: what waits for them (or everything assigned), the open item highlighted. */
export function QueueList(props: { kind: 'annotate' | 'review'; selected: number | null; onSelect(id: number): void }) {
  const { todoOnly, setTodoOnly } = useWorkflow();
  const queue = useCall('triplets.queue', { kind: props.kind, todo: todoOnly, limit: 500 });
  const all = useCall('triplets.queue', { kind: props.kind, todo: false, limit: 1 });
  const active = useRef<HTMLButtonElement>(null);
  const rows = queue.data?.rows ?? [];
  const { onSelect, selected } = props;
  useEffect(() => {
    if (selected === null && rows.length > 0) onSelect(rows[0]!.itemId);
  }, [rows, selected, onSelect]);
  // Braces matter: Chromium's scrollIntoView now returns a promise, and React would take it for a cleanup function.
  useEffect(() => {
    active.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <aside className="queue" aria-label="Queue" data-testid={`${props.kind}.queue`}>
      <div className="queue__head">
        <div className="segmented segmented--small">
          <button className={`segmented__item${todoOnly ? ' segmented__item--on' : ''}`} onClick={() => setTodoOnly(true)} data-testid="queue.todo">
            To do <span className="muted">{todoOnly ? queue.data?.total ?? '' : ''}</span>
          </button>
          <button className={`segmented__item${!todoOnly ? ' segmented__item--on' : ''}`} onClick={() => setTodoOnly(false)} data-testid="queue.all">
            All <span className="muted">{all.data?.total ?? ''}</span>
          </button>
        </div>
      </div>
      <div className="queue__list">
        {queue.isSuccess && rows.length === 0 && (
          <p className="queue__empty">{todoOnly ? 'Nothing waits for you.' : 'Nothing is assigned to you.'}</p>
        )}
        {rows.map((r) => (
          <button key={r.itemId} ref={r.itemId === selected ? active : undefined}
            className={`queue__row${r.itemId === selected ? ' queue__row--active' : ''}`} onClick={() => onSelect(r.itemId)}
            data-testid={`queue.item.${r.itemId}`}>
            <span className="queue__meta">
              <span className="qrow__id">#{r.extId}</span>
              <StatusPill status={r.status} />
              {r.round > 1 && <span className="muted small">round {r.round}</span>}
              {props.kind === 'review' && r.done && <Check size={13} className="ok" aria-label="your verdict is in" />}
            </span>
            <span className="queue__text">{r.text || '(no original question)'}</span>
          </button>
        ))}
        {queue.data && queue.data.total > rows.length && <p className="queue__empty">Showing the first {rows.length} of {queue.data.total}.</p>}
      </div>
    </aside>
  );
}
