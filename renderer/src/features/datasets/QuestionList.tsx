import { useEffect } from 'react';
import { ImageOff } from 'lucide-react';
import type { QuestionFilter, QuestionRow } from '@shared/contract';
import { mediaUrl } from '../../api/call';
import { RoleBadge } from '../../components/RoleBadge';
import { useBrowse } from '../../stores/browse';
import { usePagedList } from '../../api/usePagedList';

const ROW_HEIGHT = 60;

function Row(props: { row: QuestionRow | undefined; index: number; active: boolean; open: boolean; onClick: () => void }) {
  const { row } = props;
  if (!row) return <div className="qrow qrow--loading"><div className="skeleton" /></div>;
  return (
    <div
      className={`qrow${props.active ? ' qrow--active' : ''}${props.open ? ' qrow--open' : ''}`}
      role="option"
      aria-selected={props.active}
      data-testid="datasets.row"
      data-item-id={row.itemId}
      onClick={props.onClick}
    >
      <div className="qrow__thumb">
        {row.firstImage ? <img src={mediaUrl(row.firstImage, true)} alt="" loading="lazy" /> : <ImageOff size={16} />}
      </div>
      <div className="qrow__main">
        <div className="qrow__meta">
          <RoleBadge role={row.role} />
          <span className="qrow__id" title={row.extId}>{row.extId}</span>
          {row.source && <span className="tag">{row.source}</span>}
          {row.category && <span className="tag tag--muted">{row.category}</span>}
        </div>
        <div className="qrow__text">{row.text}</div>
      </div>
      <div className="qrow__answer" title="Gold answer">{row.answer ?? '—'}</div>
    </div>
  );
}

/**
 * The virtualised question list. Keyboard: j/k or arrows move, Enter opens, Home/End jump; the highlighted row
 * stays in view.
 */
export function QuestionList(props: { filter: QuestionFilter; onTotal: (n: number) => void }) {
  const { cursor, setCursor, openItemId, openItem } = useBrowse();
  const { total, rowAt, loading, error, parent, virtualizer, onKeyDown } = usePagedList('questions.list', props.filter, {
    rowHeight: ROW_HEIGHT,
    cursor,
    setCursor,
    onMove: (row) => openItemId !== null && openItem(row.itemId),
    onOpen: (row) => openItem(row.itemId),
    onClose: () => openItemId !== null && openItem(null),
  });
  const range = virtualizer.getVirtualItems();

  useEffect(() => props.onTotal(total), [total, props]);

  if (error) return <div className="list-message list-message--error">{error.message}</div>;
  if (!loading && total === 0) {
    return <div className="list-message" data-testid="datasets.noMatches">No questions match these filters. Clear a filter or change the search.</div>;
  }
  return (
    <div
      className="qlist"
      ref={parent}
      tabIndex={0}
      role="listbox"
      aria-label="Questions"
      aria-activedescendant={undefined}
      onKeyDown={onKeyDown}
      data-testid="datasets.list"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {range.map((v) => {
          const row = rowAt(v.index);
          return (
            <div key={v.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: v.size, transform: `translateY(${v.start}px)` }}>
              <Row
                row={row}
                index={v.index}
                active={v.index === cursor}
                open={row !== undefined && row.itemId === openItemId}
                onClick={() => {
                  setCursor(v.index);
                  if (row) openItem(row.itemId);
                  parent.current?.focus();
                }}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
