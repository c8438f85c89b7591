import type { QueryClient } from '@tanstack/react-query';
import type { DataScope } from '@shared/contract';
import { isMethodShaped, loadedMethod } from './method-defs';

/**
 * Whether a change to `changed` makes the cached answer under `queryKey` stale. A new project makes everything stale.
 * Every cache key starts with a method name (`useCall`, `usePages`) and is stale when the method `reads` a changed
 * scope; a key that is no method depends on nothing but the project. A method whose contract file is not loaded yet
 * has its first answer still on the way: it is fetched again rather than trusted.
 */
export function isStale(queryKey: readonly unknown[], changed: readonly DataScope[]): boolean {
  if (changed.includes('project')) return true;
  const def = loadedMethod(queryKey[0]);
  if (!def) return isMethodShaped(queryKey[0]);
  return (def.reads ?? []).some((scope) => changed.includes(scope));
}

/**
 * Refreshes exactly the cached reads that depend on the changed scopes (after a write or a `data.changed` event); the
 * renderer's only call of `invalidateQueries` (lint holds it), so no screen keys a refresh by hand. Resolves when the
 * reads on screen are fetched again.
 */
export function invalidateScopes(client: QueryClient, scopes: readonly DataScope[]): Promise<void> {
  if (scopes.length === 0) return Promise.resolve();
  return client.invalidateQueries({ predicate: (q) => isStale(q.queryKey, scopes) });
}
