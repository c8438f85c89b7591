import { z } from 'zod';

/**
 * The body field that caps a reply's length. The `openai` SDK's own types (ChatCompletionCreateParams, openai 6.49.0)
 * mark `max_tokens` deprecated and "not compatible with o-series models"; `max_completion_tokens` replaces it and also
 * counts reasoning tokens. OpenAI-compatible servers (vLLM, Ollama, LM Studio) read `max_tokens`, so it stays the default.
 */
export const tokenParamSchema = z.enum(['auto', 'max_tokens', 'max_completion_tokens']);
export type TokenParam = z.infer<typeof tokenParamSchema>;
export type TokenField = Exclude<TokenParam, 'auto'>;

/**
 * OpenAI's reasoning families by model id (DECISIONS 131): o1, o3, o4 and any later `o<digit>`, and gpt-5 with its
 * point releases. A provider prefix (`openai/o3` on OpenRouter or LiteLLM) is skipped: the family is in the last part.
 */
const REASONING_FAMILY = /^(o\d|gpt-5)/;

export function reasoningFamily(model: string): boolean {
  return REASONING_FAMILY.test(model.slice(model.lastIndexOf('/') + 1).toLowerCase());
}

/** What decides the field: the endpoint's model id and its choice (absent on records made before the option). */
type Limited = { model: string; tokenParam?: TokenParam };

/** The field an endpoint's requests carry: its explicit choice, or under `auto` the one its model family calls for. */
export function tokenFieldFor(endpoint: Limited): TokenField {
  const chosen = endpoint.tokenParam ?? 'auto';
  if (chosen !== 'auto') return chosen;
  return reasoningFamily(endpoint.model) ? 'max_completion_tokens' : 'max_tokens';
}

/** The length cap as a request body holds it: one field, never both, so no server has to pick between two limits. */
export function tokenLimit(endpoint: Limited, maxTokens: number): { max_tokens: number } | { max_completion_tokens: number } {
  return tokenFieldFor(endpoint) === 'max_completion_tokens' ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
}
