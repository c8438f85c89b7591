import OpenAI from 'openai';
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Endpoint } from '@shared/contract';
import { tokenLimit } from '@shared/domain/token-param';
import { readRateBudget, type RateBudget } from './rate-headers';

/** Why a request failed, which decides whether it is worth asking again. */
export type FailureKind = 'rate_limit' | 'server' | 'timeout' | 'network' | 'malformed' | 'empty' | 'auth' | 'client' | 'cancelled';

export class RequestError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterMs: number | null = null,
    /** The `x-ratelimit-*` budget the failed response announced, if any. */
    readonly budget: RateBudget | null = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }

  get retryable(): boolean {
    return this.kind !== 'auth' && this.kind !== 'client' && this.kind !== 'cancelled';
  }
}

export interface ChatRequest {
  /** Turns sent before the user's message (a few-shot template's system message and examples). */
  history?: ChatCompletionMessageParam[];
  content: ChatCompletionContentPart[];
  temperature: number;
  maxTokens: number;
  seed: number | null;
}

export interface ChatReply {
  text: string;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number;
  budget?: RateBudget | null;
}

export interface ChatClient {
  complete(request: ChatRequest, signal: AbortSignal): Promise<ChatReply>;
}

/** Retry-After is seconds or an HTTP date; retry-after-ms (OpenAI's) wins when present. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

function classify(error: unknown, timedOut: boolean, cancelled: boolean): RequestError {
  if (cancelled) return new RequestError('cancelled', 'cancelled');
  if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) return new RequestError('timeout', 'the endpoint did not answer in time');
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    // The SDK's message already starts with the status ("401 Incorrect API key"); do not say it twice.
    const detail = (error.message.startsWith(String(error.status)) ? error.message : `${error.status} ${error.message}`).slice(0, 300);
    if (error.status === 429) return new RequestError('rate_limit', detail, retryAfterMs(error.headers), readRateBudget(error.headers));
    if (error.status === 401 || error.status === 403) return new RequestError('auth', detail);
    if (error.status === 408 || error.status === 409 || error.status >= 500) return new RequestError('server', detail, retryAfterMs(error.headers));
    return new RequestError('client', detail);
  }
  if (error instanceof OpenAI.APIConnectionError) return new RequestError('network', `connection failed: ${error.cause instanceof Error ? error.cause.message : error.message}`);
  if (error instanceof SyntaxError) return new RequestError('malformed', `the endpoint sent a body that is not JSON: ${error.message}`.slice(0, 300));
  return new RequestError('malformed', error instanceof Error ? error.message : String(error));
}

/**
 * The official SDK on an endpoint: the one place its options are set. `sdkRetries` is the SDK's own retrying, off for
 * the engine (which retries itself) and on for one-off calls (uploads, embeddings) that have nothing else to retry them.
 */
export function openaiFor(endpoint: Pick<Endpoint, 'baseUrl' | 'timeoutMs'>, apiKey: string | null, sdkRetries = 0): OpenAI {
  return new OpenAI({ apiKey: apiKey ?? 'no-key', baseURL: endpoint.baseUrl, maxRetries: sdkRetries, timeout: endpoint.timeoutMs });
}

/**
 * One endpoint through the official SDK, with its own retries off: the engine retries, backs off and adapts
 * concurrency itself, because it sees every request of the run and the SDK sees one.
 */
export function createChatClient(endpoint: Endpoint, apiKey: string | null): ChatClient {
  const sdk = openaiFor(endpoint, apiKey);
  return {
    async complete(request, signal) {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), endpoint.timeoutMs);
      const started = performance.now();
      try {
        const { data: completion, response } = await sdk.chat.completions.create(
          {
            model: endpoint.model,
            messages: [...(request.history ?? []), { role: 'user', content: request.content }],
            temperature: request.temperature,
            ...tokenLimit(endpoint, request.maxTokens),
            ...(request.seed !== null ? { seed: request.seed } : {}),
          },
          { signal: AbortSignal.any([signal, timeout.signal]) },
        ).withResponse();
        const choice = completion?.choices?.[0];
        if (!choice || typeof choice.message?.content !== 'string') throw new RequestError('malformed', 'the reply has no choices[0].message.content');
        if (choice.message.content.trim() === '') throw new RequestError('empty', 'the model sent an empty reply');
        return {
          text: choice.message.content,
          tokensIn: completion.usage?.prompt_tokens ?? null,
          tokensOut: completion.usage?.completion_tokens ?? null,
          latencyMs: Math.round(performance.now() - started),
          budget: readRateBudget(response.headers),
        };
      } catch (error) {
        if (error instanceof RequestError) throw error;
        throw classify(error, timeout.signal.aborted, signal.aborted);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
