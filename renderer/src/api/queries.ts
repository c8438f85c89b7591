import { QueryClient, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { Input, MethodName, Output, ReadMethodName } from '@shared/contract';
import { loadMethod } from './method-defs';
import { call } from './call';
import { invalidateScopes } from './scopes';
import { transport } from './transport';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
});

export { invalidateScopes } from './scopes';

/** Server data through React Query, keyed by method name and input; only reads are cached (they declare what they read). */
export function useCall<M extends ReadMethodName>(
  method: M,
  input?: Input<M>,
  options: Omit<UseQueryOptions<Output<M>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Output<M>>({ ...callQuery(method, input), ...options });
}

/** A read's cache key and fetch, one shape for `useCall` and `prefetchCall`, so a prefetched answer is the one a hook finds. */
function callQuery<M extends ReadMethodName>(method: M, input?: Input<M>) {
  return { queryKey: [method, input ?? {}], queryFn: () => call(method, input) };
}

/** Starts a read before any component asks for it; resolves with its answer (or undefined when it failed). */
export async function prefetchCall<M extends ReadMethodName>(method: M, input?: Input<M>): Promise<Output<M> | undefined> {
  await queryClient.prefetchQuery<Output<M>>(callQuery(method, input));
  return queryClient.getQueryData<Output<M>>(callQuery(method, input).queryKey);
}

/** The methods that change data: each declares the scopes it changes (`mutates`). */
export type WriteMethodName = Exclude<MethodName, ReadMethodName>;

/**
 * Every write goes through here: the call, then a refresh of exactly the cached reads the contract says it changes
 * (not awaited: the answer is what the caller needs; the screens follow when the reads come back).
 */
export async function write<M extends WriteMethodName>(method: M, input: Input<M>, client: QueryClient = queryClient): Promise<Output<M>> {
  const value = await call(method, input);
  void invalidateScopes(client, (await loadMethod(method)).mutates ?? []);
  return value;
}

/** A write as a React Query mutation (pending and error state for a button or form), through `write`. */
export function useMutate<M extends WriteMethodName>(method: M) {
  const client = useQueryClient();
  return useMutation<Output<M>, Error, Input<M>>({ mutationFn: (input) => write(method, input, client) });
}

let listener: Parameters<typeof transport.subscribe>[0] | null = null;
let unsubscribe: (() => void) | null = null;

/** Listens to backend events for the app's lifetime. */
export function subscribeToBackend(onEvent: Parameters<typeof transport.subscribe>[0]): void {
  listener = onEvent;
  unsubscribe = transport.subscribe(onEvent);
}

/** After a login: a team server refused the event stream before it, and a refused stream does not retry. */
export function reconnectEvents(): void {
  unsubscribe?.();
  if (listener) unsubscribe = transport.subscribe(listener);
}
