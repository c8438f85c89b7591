import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Input } from '@shared/contract';
import { isTyping } from '../input/focus-context';
import { PAGE_SIZE, usePages, type PagedMethod, type RowOf } from './usePages';

export interface PagedListOptions<Row> {
  rowHeight: number;
  cursor: number;
  setCursor(index: number): void;
  /** Called when the cursor moves onto a row (e.g. to follow it with an open side panel). */
  onMove?(row: Row): void;
  onOpen(row: Row): void;
  onClose?(): void;
  refetchMs?: number | false;
}

/**
 * A virtualised list over a paged method: fetches only the pages around what is visible, keeps the cursor row in
 * view, and handles the list keys (j/k or arrows, PageUp/PageDown, Home/End, Enter opens, Escape closes).
 */
export function usePagedList<M extends PagedMethod>(method: M, filter: Omit<Input<M>, 'offset' | 'limit'>, o: PagedListOptions<RowOf<M>>) {
  const parent = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState({ start: 0, end: 60 });
  const pages = usePages(method, filter, visible, o.refetchMs ?? false);
  const { total, rowAt } = pages;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => parent.current,
    estimateSize: () => o.rowHeight,
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
  const { cursor } = o;
  useEffect(() => {
    if (total > 0) virtualizer.scrollToIndex(Math.min(cursor, total - 1), { align: 'auto' });
  }, [cursor, total, virtualizer]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (isTyping(e.target)) return;
    const move = (to: number) => {
      e.preventDefault();
      const next = Math.max(0, Math.min(total - 1, to));
      o.setCursor(next);
      const row = rowAt(next);
      if (row) o.onMove?.(row);
    };
    if (e.key === 'ArrowDown' || e.key === 'j') move(cursor + 1);
    else if (e.key === 'ArrowUp' || e.key === 'k') move(cursor - 1);
    else if (e.key === 'PageDown') move(cursor + 10);
    else if (e.key === 'PageUp') move(cursor - 10);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(total - 1);
    else if (e.key === 'Enter') {
      const row = rowAt(cursor);
      if (row) o.onOpen(row);
    } else if (e.key === 'Escape') o.onClose?.();
  };

  return { ...pages, parent, virtualizer, onKeyDown };
}
