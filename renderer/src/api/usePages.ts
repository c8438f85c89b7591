import { useQueries } from '@tanstack/react-query';
import type { Input, Output, ReadMethodName } from '@shared/contract';
import { call } from './call';

export const PAGE_SIZE = 200;

export type PagedMethod = { [M in ReadMethodName]: Output<M> extends { total: number; rows: unknown[] } ? M : never }[ReadMethodName];
export type RowOf<M extends PagedMethod> = Output<M>['rows'][number];

/**
 * The rows a virtualised list needs, fetched a page at a time: only the pages around the visible window are asked
 * for, so 50,000 rows cost what 400 do. `refetchMs` keeps the pages fresh while their data changes (a live run).
 */
export function usePages<M extends PagedMethod>(method: M, filter: Omit<Input<M>, 'offset' | 'limit'>, visible: { start: number; end: number }, refetchMs: number | false = false) {
  const first = Math.floor(visible.start / PAGE_SIZE);
  const last = Math.max(first, Math.floor(visible.end / PAGE_SIZE));
  const pages = [0];
  for (let p = Math.max(1, first); p <= last; p++) pages.push(p);
  const results = useQueries({
    queries: pages.map((page) => {
      const input = { ...filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE } as Input<M>;
      return {
        queryKey: [method, input],
        queryFn: () => call(method, input),
        placeholderData: (prev: unknown) => prev,
        refetchInterval: refetchMs,
      };
    }),
  });
  const total = (results[0]?.data as { total: number } | undefined)?.total ?? 0;
  const rowAt = (index: number): RowOf<M> | undefined => {
    const page = Math.floor(index / PAGE_SIZE);
    const position = pages.indexOf(page);
    if (position < 0) return undefined;
    const data = results[position]?.data as { rows: RowOf<M>[] } | undefined;
    return data?.rows[index - page * PAGE_SIZE];
  };
  return { total, rowAt, loading: results[0]?.isLoading ?? true, error: results[0]?.error as Error | null };
}
