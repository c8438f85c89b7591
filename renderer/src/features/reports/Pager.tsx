import { useState } from 'react';

/** Where a paged table stands and the way to the next or previous page; the table keeps its rows while a page loads. */
export function Pager({ offset, size, total, shown, onOffset, testId }: {
  offset: number; size: number; total: number; shown: number; onOffset: (offset: number) => void; testId: string;
}) {
  if (total <= size && offset === 0) return null;
  return (
    <div className="pager" data-testid={testId}>
      <button className="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - size))} data-testid={`${testId}.prev`}>‹ Previous</button>
      <span className="muted small" data-testid={`${testId}.where`}>{shown === 0 ? 0 : offset + 1}–{offset + shown} of {total.toLocaleString()}</span>
      <button className="button" disabled={offset + size >= total} onClick={() => onOffset(offset + size)} data-testid={`${testId}.next`}>Next ›</button>
    </div>
  );
}

/** A page offset that goes back to the first page whenever `key` (what the table shows) changes. */
export function usePageOffset(key: string): [number, (offset: number) => void] {
  const [paged, setPaged] = useState({ key, offset: 0 });
  return [paged.key === key ? paged.offset : 0, (offset: number) => setPaged({ key, offset })];
}
