import { createHash } from 'node:crypto';
import type { Endpoint } from '@shared/contract';
import { jsonColumn } from '../db/json-column';
import type { Db } from '../db/open';
import { askWithRetries, costOf, type RetryPolicy } from '../engine/ask';
import { ResponseCache } from '../engine/cache';
import { createChatClient, openaiFor, type ChatClient } from '../engine/client';
import { AdaptiveLimiter } from '../engine/limiter';
import { fitSize, ImageEncoder, requestKey } from '../engine/request';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import type { PromptMessagePart } from '@shared/contract';
import type { HelperPart } from '@shared/optimize/meta-prompt';
import type { EndpointSnapshot } from '../engine/settings';
import { insertCall, type CallRecord } from './store';

/** A helper model of an optimisation (optimizer, analyzer or embeddings) with its own client and limiter. */
export interface Helper {
  endpoint: EndpointSnapshot;
  client: ChatClient;
  limiter: AdaptiveLimiter;
  apiKey: string | null;
}

export function helperFor(endpoint: Endpoint, apiKey: string | null): Helper {
  const { apiKeyEnv: _key, ...snapshot } = endpoint;
  return {
    endpoint: snapshot, client: createChatClient(endpoint, apiKey), apiKey,
    limiter: new AdaptiveLimiter({ maxConcurrency: endpoint.concurrency, rpm: endpoint.rpm, tpm: endpoint.tpm }),
  };
}

/** What a helper call (optimizer, analyzer, embeddings) is logged against and stopped by; not a dispatch call context. */
export interface OptimizationCall {
  db: Db;
  optimizationId: number;
  policy: RetryPolicy;
  signal: AbortSignal;
  now: () => string;
}

function logCall(ctx: OptimizationCall, row: CallRecord): void {
  insertCall(ctx.db, ctx.optimizationId, row, ctx.now());
}

/** An image a helper is shown, as the project stores it. */
export interface HelperImage {
  hash: string;
  mime: string;
  width: number;
  height: number;
}

/** The longest side an image is sent to a helper at: enough to see what the target misread. */
const HELPER_IMAGE_SIDE = 1024;

/** Message content, stored prompt (images by hash) and logged text of a helper's parts. */
async function helperMessage(ctx: OptimizationCall, parts: readonly HelperPart[], images: ReadonlyMap<string, HelperImage>) {
  const encoder = new ImageEncoder(ctx.db, HELPER_IMAGE_SIDE);
  const content: ChatCompletionContentPart[] = [];
  const prompt: PromptMessagePart[] = [];
  for (const part of parts) {
    if (part.kind === 'text') {
      content.push({ type: 'text', text: part.text });
      prompt.push(part);
      continue;
    }
    const image = images.get(part.ref);
    if (!image) throw new Error(`image ${part.ref} is missing from the project`);
    const size = fitSize(image.width, image.height, HELPER_IMAGE_SIDE);
    content.push({ type: 'image_url', image_url: { url: await encoder.dataUrl(image) } });
    prompt.push({ kind: 'image', hash: image.hash, width: size.width, height: size.height });
  }
  const logged = parts.map((p) => (p.kind === 'text' ? p.text : `[image ${p.ref.slice(0, 12)}]`)).join('\n');
  return { content, prompt, logged, chars: logged.length };
}

/**
 * One chat call of the optimizer or the analyzer through the engine's retries and response cache. The seed makes
 * even a temperature-1.0 request a distinct, cacheable one, so a resumed optimisation reads back the very candidate it
 * got before the crash instead of asking (and paying) again. Every call is logged with its cost; a cached one costs 0.
 * Image parts (the analyzer's view of wrong answers) are sent as data URLs and keyed by hash.
 */
export async function askHelper(
  ctx: OptimizationCall, helper: Helper, kind: 'optimizer' | 'analyzer', message: string | readonly HelperPart[],
  params: { temperature: number; maxTokens: number; seed: number }, candidateId: number | null, images: ReadonlyMap<string, HelperImage> = new Map(),
): Promise<string> {
  const cache = new ResponseCache(ctx.db);
  const { content, prompt, logged, chars } = await helperMessage(ctx, typeof message === 'string' ? [{ kind: 'text', text: message }] : message, images);
  const key = requestKey(helper.endpoint, params, prompt);
  const hit = cache.get(key);
  if (hit) {
    logCall(ctx, { candidateId, kind, model: helper.endpoint.name, prompt: logged, reply: hit.text, cached: true, tokensIn: hit.tokensIn,
      tokensOut: hit.tokensOut, cost: 0 });
    return hit.text;
  }
  const asked = await askWithRetries(helper.client, helper.limiter, { content, ...params }, Math.ceil(chars / 4) + params.maxTokens, ctx.policy, ctx.signal);
  ctx.db.transaction(() => {
    cache.put(key, asked.reply, ctx.now());
    logCall(ctx, {
      candidateId, kind, model: helper.endpoint.name, prompt: logged, reply: asked.reply.text, cached: false,
      tokensIn: asked.reply.tokensIn, tokensOut: asked.reply.tokensOut, cost: costOf(helper.endpoint, asked.reply),
    });
  })();
  return asked.reply.text;
}

/** An embedding from an OpenAI-compatible `/v1/embeddings`, cached in the project by model and text. */
export async function embed(ctx: OptimizationCall, helper: Helper, text: string, candidateId: number | null): Promise<number[]> {
  const cache = new ResponseCache(ctx.db);
  const key = createHash('sha256').update(JSON.stringify({ e: helper.endpoint.baseUrl, m: helper.endpoint.model, text })).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    logCall(ctx, { candidateId, kind: 'embeddings', model: helper.endpoint.name, prompt: text, reply: null, cached: true, tokensIn: hit.tokensIn, tokensOut: null, cost: 0 });
    // The vector this function cached below, as JSON.
    return jsonColumn<number[]>(hit.text);
  }
  const sdk = openaiFor(helper.endpoint, helper.apiKey, 3);
  const response = await sdk.embeddings.create({ model: helper.endpoint.model, input: text, encoding_format: 'float' }, { signal: ctx.signal });
  const vector = response.data?.[0]?.embedding;
  if (!Array.isArray(vector) || vector.length === 0) throw new Error(`${helper.endpoint.name} sent no embedding`);
  const tokensIn = response.usage?.prompt_tokens ?? null;
  ctx.db.transaction(() => {
    cache.put(key, { text: JSON.stringify(vector), tokensIn, tokensOut: null, latencyMs: 0 }, ctx.now());
    logCall(ctx, {
      candidateId, kind: 'embeddings', model: helper.endpoint.name, prompt: text, reply: null, cached: false, tokensIn, tokensOut: null,
      cost: costOf(helper.endpoint, { tokensIn, tokensOut: 0 }),
    });
  })();
  return vector;
}
