import { QueryClient, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { contract, type DataScope, type Input, type MethodName, type Output } from '@shared/contract';
import { call } from './call';
import { transport } from './transport';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
});

/** Which scope a read method belongs to, so a `data.changed` event refreshes exactly the views it touches. */
function scopeOf(method: string): DataScope {
  if (method.startsWith('app.') || method.startsWith('projects.')) return 'project';
  // Reports are computed from runs, so they refresh whenever runs change.
  if (method.startsWith('reports.')) return 'runs';
  // The triplet workflow's reads all change together: a submit moves queues, dashboards and the triplet itself.
  if (/^(session|users|assignments|triplets|reviews|guidelines|team|lint)\./.test(method)) return 'team';
  // Scenes and variants are item content: a generation or a saved scene refreshes them with the items.
  if (method.startsWith('scenes.') || method.startsWith('variants.')) return 'items';
  // An optimisation's candidates are scored through runs, and it records its own changes under runs.
  if (method.startsWith('optimizations.')) return 'runs';
  return method.split('.')[0] as DataScope;
}

/** Server data through React Query, keyed by method name and input. */
export function useCall<M extends MethodName>(
  method: M,
  input?: Input<M>,
  options: Omit<UseQueryOptions<Output<M>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Output<M>>({ queryKey: [method, input ?? {}], queryFn: () => call(method, input), ...options });
}

/** A mutation that also refreshes the scopes the contract says it changes. */
export function useMutate<M extends MethodName>(method: M) {
  const client = useQueryClient();
  return useMutation<Output<M>, Error, Input<M>>({
    mutationFn: (input) => call(method, input),
    onSuccess: () => invalidateScopes(client, contract[method].mutates ?? []),
  });
}

export function invalidateScopes(client: QueryClient, scopes: readonly DataScope[]): void {
  if (scopes.length === 0) return;
  const all = scopes.includes('project');
  void client.invalidateQueries({ predicate: (q) => all || scopes.includes(scopeOf(String(q.queryKey[0]))) });
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
