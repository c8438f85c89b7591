import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, dataScopes, method, methodNames, noInput } from './index';

/** What a method says about the data it touches, whichever kind it is. */
function declared(name: (typeof methodNames)[number]): { reads?: readonly string[]; mutates?: readonly string[] } {
  return contract[name];
}

describe('data scopes on the contract', () => {
  it('every method declares what it reads or what it changes, never both and never neither', () => {
    const wrong = methodNames.filter((name) => {
      const { reads, mutates } = declared(name);
      return (reads === undefined) === (mutates === undefined);
    });
    expect(wrong).toEqual([]);
  });

  it('every declared scope exists, is named once, and no list is empty', () => {
    const known = new Set<string>(dataScopes);
    for (const name of methodNames) {
      const { reads, mutates } = declared(name);
      const scopes = reads ?? mutates ?? [];
      expect(scopes.length, name).toBeGreaterThan(0);
      expect(scopes.filter((s) => !known.has(s)), name).toEqual([]);
      expect(new Set(scopes).size, name).toBe(scopes.length);
    }
  });

  it('every scope a method changes is read by some method, so no change goes unseen', () => {
    const read = new Set(methodNames.flatMap((name) => declared(name).reads ?? []));
    const changed = new Set(methodNames.flatMap((name) => declared(name).mutates ?? []));
    expect([...changed].filter((s) => !read.has(s))).toEqual([]);
  });

  it('a method without reads or mutates does not type-check (checked by the type-check, not at run time)', () => {
    const base = { access: 'user', doc: 'x', input: noInput, output: z.null() } as const;
    // @ts-expect-error a read must say which scopes it reads
    const missing = method(base);
    // @ts-expect-error an empty list says nothing
    const empty = method({ ...base, reads: [] });
    // @ts-expect-error a scope that does not exist
    const unknown = method({ ...base, reads: ['exports'] });
    // @ts-expect-error a method is a read or a write, not both
    const both = method({ ...base, reads: ['runs'], mutates: ['runs'] });
    // The runtime stays a plain identity: the guarantee is the type-check's (scripts/typecheck.mjs runs over tests too).
    expect([missing, empty, unknown, both].every((def) => def.access === 'user')).toBe(true);
  });
});
