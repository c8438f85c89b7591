import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract, methodNames, type DataScope } from '@shared/contract';
import { loadMethod } from './method-defs';
import { invalidateScopes, isStale } from './scopes';

/** A client holding one fresh cached answer per given key, as the screens leave it. */
function cacheOf(keys: readonly string[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData([key, {}], { cached: key });
  return client;
}

function invalidated(client: QueryClient): string[] {
  return client.getQueryCache().getAll().filter((q) => q.state.isInvalidated).map((q) => String(q.queryKey[0])).sort();
}

const views = ['app.info', 'datasets.list', 'questions.list', 'items.get', 'jobs.list', 'endpoints.list', 'runs.list',
  'reports.run', 'optimizations.list', 'triplets.queue', 'users.list', 'scenes.items', 'variants.plan', 'lint.run'];

// First, before any contract file is loaded (the next block loads them all).
describe('a read whose method\'s contract file is not loaded yet', () => {
  it('is fetched again after any change: its first answer is still on the way', () => {
    expect(isStale(['reports.run', {}], ['endpoints'])).toBe(true);
    expect(isStale(['not.a.method'], ['endpoints'])).toBe(false);
  });
});

describe('a change refreshes the cached reads that depend on it', () => {
  // A cached answer's method has been called, so its contract file is loaded: as on screen.
  beforeAll(async () => { for (const name of methodNames) await loadMethod(name); });

  it.each<[string, readonly DataScope[], string[]]>([
    ['starting a run', contract['runs.start'].mutates, ['jobs.list', 'optimizations.list', 'reports.run', 'runs.list']],
    ['submitting a triplet', contract['triplets.submit'].mutates,
      ['items.get', 'lint.run', 'questions.list', 'scenes.items', 'triplets.queue', 'users.list', 'variants.plan']],
    ['adding a person', contract['users.add'].mutates, ['triplets.queue', 'users.list']],
    ['saving an endpoint', contract['endpoints.save'].mutates, ['endpoints.list']],
    ['saving a scene', contract['scenes.save'].mutates, ['items.get', 'lint.run', 'scenes.items', 'variants.plan']],
    ['opening a project', contract['projects.open'].mutates, [...views].sort()],
  ])('%s', (_what, scopes, expected) => {
    const client = cacheOf(views);
    invalidateScopes(client, scopes);
    expect(invalidated(client)).toEqual(expected);
  });

  // The name-based guess filed `lint.run` under the team's scope, but it reads questions, items and their images:
  // an import left the dataset's findings stale until the screen was reopened.
  it('an import refreshes the lint findings', () => {
    const client = cacheOf(['lint.run', 'triplets.queue']);
    invalidateScopes(client, contract['imports.run'].mutates);
    expect(invalidated(client)).toEqual(['lint.run']);
  });

  // The guess gave `exports.run` and `regions.export` the scopes "exports" and "regions", which no change ever names.
  it('every read is refreshed by some change of what it reads', () => {
    expect(isStale(['exports.run', {}], ['questions'])).toBe(true);
    expect(isStale(['regions.export', {}], ['items'])).toBe(true);
  });

  it('a key that is no method depends only on the project', () => {
    expect(isStale(['not.a.method'], ['runs'])).toBe(false);
    expect(isStale(['not.a.method'], ['project'])).toBe(true);
  });
});
