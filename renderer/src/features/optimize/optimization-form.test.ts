import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '@shared/optimize/params';
import { defaultModels, initialOptimizationForm, optimizationReady, similarityChoice, similarityPatch } from './optimization-form';

describe('the new-optimisation form', () => {
  it('offers the first endpoint as the target and the second as the optimizer', () => {
    expect(defaultModels([{ name: 'qwen' }, { name: 'gpt' }, { name: 'x' }])).toEqual({ target: 'qwen', optimizer: 'gpt' });
    expect(defaultModels([{ name: 'qwen' }])).toEqual({ target: 'qwen', optimizer: 'qwen' });
    expect(defaultModels([])).toBeNull();
  });

  it('can be planned only with a dataset, a target and an optimizer', () => {
    const form = initialOptimizationForm();
    expect(optimizationReady(form)).toBe(false);
    expect(optimizationReady({ ...form, datasetId: 1, target: 'qwen' })).toBe(false);
    expect(optimizationReady({ ...form, datasetId: 1, target: 'qwen', optimizer: 'gpt' })).toBe(true);
  });

  it('starts from the paper’s parameters, a copy each time', () => {
    const form = initialOptimizationForm();
    expect(form.params).toEqual(DEFAULT_PARAMS);
    expect(form.params).not.toBe(DEFAULT_PARAMS);
  });

  it('chooses no similarity measure until an embeddings endpoint or the lexical opt-in is picked', () => {
    const form = initialOptimizationForm();
    expect(similarityChoice(form)).toBe('');
    expect(similarityPatch('')).toEqual({ embeddings: null, lexicalSimilarity: false });
    expect(similarityPatch('lexical')).toEqual({ embeddings: null, lexicalSimilarity: true });
    // An endpoint may be named "lexical": its choice is prefixed, so it is never read as the opt-in.
    expect(similarityPatch('embeddings:lexical')).toEqual({ embeddings: 'lexical', lexicalSimilarity: false });
    expect(similarityChoice({ embeddings: 'bge', lexicalSimilarity: false })).toBe('embeddings:bge');
    expect(similarityChoice({ embeddings: null, lexicalSimilarity: true })).toBe('lexical');
  });
});
