import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import type { TokenParam } from '@shared/domain/token-param';
import { EndpointStore } from './endpoints';

const ctx = withProject();
let server: FakeOpenAI | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Runs two questions on an endpoint of this model and returns the bodies the server received for it. */
async function bodiesFor(datasetId: number, url: string, name: string, model: string, tokenParam?: TokenParam) {
  await ctx.backend.call('endpoints.save', { endpoint: { name, baseUrl: url, model, ...(tokenParam ? { tokenParam } : {}) } });
  const started = ctx.backend.state.runs.start({
    datasetId, model: name, roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null,
    temperature: null, maxTokens: 48, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null,
    concurrency: null, failFast: false, batch: false, triplets: 'submitted',
  }, null);
  expect((await started.done)!.answered).toBe(2);
  return server!.requests.filter((r) => r.body.model === model).map((r) => r.body);
}

describe('the reply-length field of live requests', () => {
  it('sends max_completion_tokens to an o-series model, max_tokens to an ordinary one, and what an endpoint chose to either', async () => {
    server = new FakeOpenAI({ reply: goldOf });
    const url = await server.start();
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 2);
    const cases = [
      { name: 'reasoning', model: 'o3-mini', field: 'max_completion_tokens', absent: 'max_tokens' },
      { name: 'open', model: 'Qwen/Qwen2.5-VL-7B-Instruct', field: 'max_tokens', absent: 'max_completion_tokens' },
      { name: 'forced-old', model: 'o4-mini', tokenParam: 'max_tokens', field: 'max_tokens', absent: 'max_completion_tokens' },
      { name: 'forced-new', model: 'llava:13b', tokenParam: 'max_completion_tokens', field: 'max_completion_tokens', absent: 'max_tokens' },
    ] as const;
    for (const c of cases) {
      const bodies = await bodiesFor(datasetId, url, c.name, c.model, 'tokenParam' in c ? c.tokenParam : undefined);
      expect(bodies, c.name).toHaveLength(2);
      for (const body of bodies) {
        expect(body[c.field], c.name).toBe(48);
        expect(body, c.name).not.toHaveProperty(c.absent);
      }
    }
  });
});

describe('the endpoint file', () => {
  it('loads a file written before the option, as auto, and keeps a chosen field through a save', () => {
    const dataDir = join(ctx.dir, 'machine');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'endpoints.json'), JSON.stringify([{ name: 'old', baseUrl: 'http://127.0.0.1:9/v1', model: 'o1' }]));
    const store = new EndpointStore(dataDir, null, {});
    expect(store.get('old').tokenParam).toBe('auto');
    store.save({ ...store.get('old'), tokenParam: 'max_tokens' }, null, null);
    expect(new EndpointStore(dataDir, null, {}).get('old').tokenParam).toBe('max_tokens');
  });

  it('refuses a field name it does not know, naming the file', () => {
    const dataDir = join(ctx.dir, 'machine-bad');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'endpoints.json'), JSON.stringify([{ name: 'x', baseUrl: 'http://127.0.0.1:9/v1', model: 'o1', tokenParam: 'max_output_tokens' }]));
    expect(() => new EndpointStore(dataDir, null, {}).list()).toThrow(expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/endpoints\.json is not a list/) }));
  });
});
