import type { APIRequestContext } from '@playwright/test';
import { api } from './api';
import { writeEvalJsonl } from './files';
import { FakeOpenAI, type ChatBody } from '../../test/openai-server';
import { embedding, helperReply, targetReply } from '../../test/optimize-fixtures';

/** What a seeded optimisation's dataset and endpoints are called, and how its optimizer answers. */
export interface OptimisationSeed {
  dataset: string;
  target: string;
  helper: string;
  /** The optimizer's (and analyzer's) reply; by default test/optimize-fixtures.ts's, which proposes a better wording. */
  helperReply?: (prompt: string, body: ChatBody) => string;
}

/**
 * A finished one-round TP-Eval optimisation seeded over the HTTP API of `anchor serve`, its models local
 * OpenAI-protocol servers that are stopped once it has ended. Returns the optimisation's id.
 */
export async function seedOptimisation(request: APIRequestContext, seed: OptimisationSeed): Promise<number> {
  const target = new FakeOpenAI({ reply: targetReply, usage: { prompt_tokens: 100, completion_tokens: 5 } });
  const helper = new FakeOpenAI({ reply: seed.helperReply ?? helperReply, embed: embedding, usage: { prompt_tokens: 300, completion_tokens: 40 } });
  const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
  try {
    await api(request, 'imports.run', { files: [writeEvalJsonl('tpeval.jsonl', 16)], dataset: seed.dataset });
    const datasets = await api<{ id: number; name: string }[]>(request, 'datasets.list', {});
    await api(request, 'endpoints.save', { endpoint: { name: seed.target, baseUrl: targetUrl, model: 'vl-7b', priceIn: 1, priceOut: 2 } });
    await api(request, 'endpoints.save', { endpoint: { name: seed.helper, baseUrl: helperUrl, model: 'helper', priceIn: 1, priceOut: 2 } });
    const datasetId = datasets.find((d) => d.name === seed.dataset)!.id;
    const params = { rounds: 1 };
    const done = await api<{ id: number }>(request, 'optimizations.run', { datasetId, target: seed.target, optimizer: seed.helper, embeddings: seed.helper, params });
    return done.id;
  } finally {
    await target.stop();
    await helper.stop();
  }
}
