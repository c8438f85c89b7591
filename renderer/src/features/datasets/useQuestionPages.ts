import { useQueries } from '@tanstack/react-query';
import type { QuestionFilter, QuestionRow } from '../../../../shared/contract';
import { call } from '../../api/call';

export const PAGE_SIZE = 200;

/**
 * The rows a virtualised list needs, fetched a page at a time: only the pages around the visible window are asked
 * for, so 50,000 questions cost what 400 do.
 */
export function useQuestionPages(filter: QuestionFilter, visible: { start: number; end: number }) {
  const first = Math.floor(visible.start / PAGE_SIZE);
  const last = Math.max(first, Math.floor(visible.end / PAGE_SIZE));
  const pages = [0];
  for (let p = Math.max(1, first); p <= last; p++) pages.push(p);
  const results = useQueries({
    queries: pages.map((page) => {
      const input = { ...filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
      return { queryKey: ['questions.list', input], queryFn: () => call('questions.list', input), placeholderData: (prev: unknown) => prev };
    }),
  });
  const total = results[0]?.data?.total ?? 0;
  const rowAt = (index: number): QuestionRow | undefined => {
    const page = Math.floor(index / PAGE_SIZE);
    const position = pages.indexOf(page);
    if (position < 0) return undefined;
    const data = results[position]?.data as { rows: QuestionRow[] } | undefined;
    return data?.rows[index - page * PAGE_SIZE];
  };
  return { total, rowAt, loading: results[0]?.isLoading ?? true, error: results[0]?.error as Error | null };
}
