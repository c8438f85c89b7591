import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenFieldFor, tokenLimit } from './token-param';

/** The `openai` SDK's own declarations (test/fixtures/openai-sdk/README.md says how they were taken). */
const sdk = JSON.parse(readFileSync('test/fixtures/openai-sdk/chat-params.json', 'utf8')) as {
  version: string; max_tokens: string; max_completion_tokens: string; chatModels: string[];
};

describe('which field caps a reply', () => {
  it('follows the SDK: max_tokens is deprecated and refused by o-series models, max_completion_tokens counts reasoning', () => {
    expect(sdk.max_tokens).toMatch(/^@deprecated/);
    expect(sdk.max_tokens).toMatch(/not compatible with \[o-series models\]/);
    expect(sdk.max_completion_tokens).toMatch(/reasoning tokens/);
  });

  it('sends max_completion_tokens to every o-series and gpt-5 model the SDK names, max_tokens to the older families', () => {
    const reasoning = sdk.chatModels.filter((m) => /^o\d/.test(m) || m.startsWith('gpt-5'));
    expect(reasoning).toEqual(expect.arrayContaining(['o1', 'o1-mini', 'o3', 'o3-mini-2025-01-31', 'o4-mini', 'gpt-5', 'gpt-5-mini']));
    for (const model of reasoning) expect(tokenFieldFor({ model, tokenParam: 'auto' }), model).toBe('max_completion_tokens');
    const older = sdk.chatModels.filter((m) => !reasoning.includes(m));
    expect(older).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4.1-mini', 'gpt-3.5-turbo']));
    for (const model of older) expect(tokenFieldFor({ model, tokenParam: 'auto' }), model).toBe('max_tokens');
  });

  it('reads the family past a provider prefix and in any case, and leaves open-weight ids on max_tokens', () => {
    expect(tokenFieldFor({ model: 'openai/o3-mini', tokenParam: 'auto' })).toBe('max_completion_tokens');
    expect(tokenFieldFor({ model: 'GPT-5-nano' })).toBe('max_completion_tokens');
    for (const model of ['Qwen/Qwen2.5-VL-7B-Instruct', 'llava:13b', 'openbmb/MiniCPM-o-2_6', 'olmo-2', 'gpt-4o']) {
      expect(tokenFieldFor({ model, tokenParam: 'auto' }), model).toBe('max_tokens');
    }
  });

  it('obeys an explicit choice either way, and puts exactly one field in the body', () => {
    expect(tokenLimit({ model: 'o3', tokenParam: 'max_tokens' }, 64)).toEqual({ max_tokens: 64 });
    expect(tokenLimit({ model: 'llava:13b', tokenParam: 'max_completion_tokens' }, 64)).toEqual({ max_completion_tokens: 64 });
  });
});
