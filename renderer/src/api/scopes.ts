import type { QueryClient } from '@tanstack/react-query';
import { contract, isMethodName, type DataScope } from '@shared/contract';

/**
 * The scopes a cached answer depends on, as its method declares them in the contract (`reads`). Every cache key starts
 * with a method name (`useCall`, `usePages`); a key that is not one depends on nothing but the project.
 */
export function readScopes(method: unknown): readonly DataScope[] {
  return isMethodName(method) ? contract[method].reads ?? [] : [];
}

/** Whether a change to `changed` makes the cached answer under `queryKey` stale. A new project makes everything stale. */
export function isStale(queryKey: readonly unknown[], changed: readonly DataScope[]): boolean {
  if (changed.includes('project')) return true;
  return readScopes(queryKey[0]).some((scope) => changed.includes(scope));
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
