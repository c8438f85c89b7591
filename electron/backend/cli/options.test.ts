import { describe, expect, it } from 'vitest';
import { contract } from '@shared/contract';
import { numeric, parseOptions } from './options';

describe('numeric: a number option read whole, never NaN and never a prefix', () => {
  it('reads what people type as numbers', () => {
    for (const [text, value] of [['3', 3], ['0', 0], ['-2', -2], ['0.25', 0.25], ['.5', 0.5], ['1e3', 1000], [' 7 ', 7]] as const) expect(numeric(text), text).toBe(value);
  });

  it('keeps anything else as the text, for the method\'s schema to refuse', () => {
    for (const text of ['abc', '2x', '1.5.2', '', ' ', 'NaN', 'Infinity', '0x10', '1,000']) expect(numeric(text), text).toBe(text);
  });
});

describe('parseOptions: options parsed by the called method\'s input schema', () => {
  const plan = contract['runs.plan'].input;

  it('returns the method\'s parsed input, defaults filled', () => {
    expect(parseOptions(plan, { datasetId: 1, model: 'm', limit: 3 })).toMatchObject({ datasetId: 1, model: 'm', limit: 3, concurrency: null, templateId: 'vlmevalkit-mcq' });
  });

  it('names the option as typed, what it takes and what it got, as invalid_input', () => {
    const refused = (input: unknown, names = {}) => {
      try {
        parseOptions(plan, input, names);
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    expect(refused({ datasetId: 1, model: 'm', maxTokens: numeric('12x') })).toMatchObject({ code: 'invalid_input', message: '--max-tokens takes a number; got "12x"' });
    expect(refused({ datasetId: 1, model: 'm', limit: numeric('2.5') })).toMatchObject({ code: 'invalid_input', message: '--limit takes a whole number; got 2.5' });
    expect(refused({ datasetId: 1, model: 'm', roles: ['origin', 'vision'] })).toMatchObject({ message: '--roles must be one of origin, perception, knowledge; got "vision"' });
    expect(refused({ datasetId: 1, model: 'm', templateId: 5 }, { templateId: '--template' })).toMatchObject({ message: expect.stringMatching(/^--template: /) });
    // A nested field is named by its option (endpoint.concurrency → --concurrency), or by its dotted path when given.
    const save = contract['endpoints.save'].input;
    const endpoint = { name: 'e', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    expect(() => parseOptions(save, { endpoint: { ...endpoint, concurrency: 0 } })).toThrow(/^--concurrency: .*; got 0$/);
    expect(() => parseOptions(save, { endpoint: { ...endpoint, name: 'a b' } }, { 'endpoint.name': '<name>' })).toThrow(/^<name>: letters, digits/);
  });

  it('never repeats a password, nor a value too long to read', () => {
    const add = contract['users.add'].input;
    const secret = 'x'.repeat(201);
    expect(() => parseOptions(add, { name: 'ann', roles: ['lead'], password: secret })).toThrow(/^--password: /);
    expect(() => parseOptions(add, { name: 'ann', roles: ['lead'], password: secret })).not.toThrow(/xxxx/);
    expect(() => parseOptions(add, { name: 'ann', roles: ['lead'], displayName: 'y'.repeat(300) })).not.toThrow(/yyyy/);
  });
});
