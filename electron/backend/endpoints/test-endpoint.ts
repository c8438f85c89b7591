import { createChatClient, RequestError } from '../engine/client';
import type { EndpointStore } from './endpoints';

/** "Test connection": one tiny request, its latency, and the endpoint's own words when it fails. */
export async function testEndpoint(
  store: EndpointStore, name: string,
): Promise<{ ok: boolean; latencyMs: number; reply: string | null; error: string | null }> {
  const endpoint = store.get(name);
  const client = createChatClient(endpoint, store.apiKey(endpoint));
  const started = performance.now();
  try {
    const reply = await client.complete({ content: [{ type: 'text', text: 'Reply with the single word OK.' }], temperature: 0, maxTokens: 5, seed: null }, AbortSignal.timeout(endpoint.timeoutMs));
    return { ok: true, latencyMs: Math.round(performance.now() - started), reply: reply.text.slice(0, 200), error: null };
  } catch (error) {
    const message = error instanceof RequestError ? `${error.kind}: ${error.message}` : String(error);
    return { ok: false, latencyMs: Math.round(performance.now() - started), reply: null, error: message };
  }
}
