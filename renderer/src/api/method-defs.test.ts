import { describe, expect, it } from 'vitest';
import { contract, methodNames } from '@shared/contract';
import { isMethodShaped, loadMethod, loadedMethod } from './method-defs';

// The renderer loads the contract one file at a time (DECISIONS 266): each method must be found, with the very
// definition the whole contract holds, in the file its prefix names.
describe('the contract, loaded a file at a time', () => {
  it('finds every method of the contract, with the contract\'s own definition', async () => {
    for (const name of methodNames) expect(await loadMethod(name), name).toBe(contract[name]);
  });

  it('knows a method only once its file is loaded', async () => {
    expect(isMethodShaped('not.a.method')).toBe(false);
    expect(isMethodShaped('runs.start')).toBe(true);
    await loadMethod('runs.start');
    expect(loadedMethod('runs.list')).toBe(contract['runs.list']);
    expect(loadedMethod('runs.nothing')).toBeUndefined();
  });
});
