import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ImageOff } from 'lucide-react';
import type { QuestionFilter, QuestionRow } from '../../../../shared/contract';
import { mediaUrl } from '../../api/call';
import { RoleBadge } from '../../components/RoleBadge';
import { isTyping } from '../../app/shortcuts';
import { useBrowse } from '../../stores/browse';
import { PAGE_SIZE, useQuestionPages } from './useQuestionPages';

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
          <span className="qrow__id">{row.extId}</span>
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
  const parent = useRef<HTMLDivElement>(null);
  const { cursor, setCursor, openItemId, openItem } = useBrowse();
  const [visible, setVisible] = useState({ start: 0, end: 60 });
  const { total, rowAt, loading, error } = useQuestionPages(props.filter, visible);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    onChange: (v) => {
      const items = v.getVirtualItems();
      const next = { start: items[0]?.index ?? 0, end: items[items.length - 1]?.index ?? 0 };
      // Only a change of page matters for fetching; skipping the rest keeps scrolling free of re-renders.
      setVisible((prev) =>
        Math.floor(prev.start / PAGE_SIZE) === Math.floor(next.start / PAGE_SIZE) &&
        Math.floor(prev.end / PAGE_SIZE) === Math.floor(next.end / PAGE_SIZE) ? prev : next);
    },
  });
  const range = virtualizer.getVirtualItems();

  useEffect(() => props.onTotal(total), [total, props]);
  useEffect(() => {
    if (total > 0) virtualizer.scrollToIndex(Math.min(cursor, total - 1), { align: 'auto' });
  }, [cursor, total, virtualizer]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (isTyping(e.target)) return;
    const move = (to: number) => {
      e.preventDefault();
      const next = Math.max(0, Math.min(total - 1, to));
      setCursor(next);
      const row = rowAt(next);
      if (row && openItemId !== null) openItem(row.itemId);
    };
    if (e.key === 'ArrowDown' || e.key === 'j') move(cursor + 1);
    else if (e.key === 'ArrowUp' || e.key === 'k') move(cursor - 1);
    else if (e.key === 'PageDown') move(cursor + 10);
    else if (e.key === 'PageUp') move(cursor - 10);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(total - 1);
    else if (e.key === 'Enter') {
      const row = rowAt(cursor);
      if (row) openItem(row.itemId);
    } else if (e.key === 'Escape' && openItemId !== null) openItem(null);
  };

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
