/**
 * What a server says about its budget in the `x-ratelimit-*` headers (OpenAI's names, also sent by Azure, Groq,
 * vLLM behind proxies and others): requests and tokens left in the current window, and when each window resets.
 */
export interface RateBudget {
  remainingRequests: number | null;
  resetRequestsMs: number | null;
  remainingTokens: number | null;
  resetTokensMs: number | null;
}

/** "1s", "6m0s", "20ms", "1h2m3.5s" or a bare number of seconds, in ms; null when unreadable. */
export function durationMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let matched = '';
  for (const m of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(m[1]) * unit[m[2]!]!;
    matched += m[0];
  }
  return matched.length === trimmed.length && matched.length > 0 ? total : null;
}

function count(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The budget a response announced, or null when it sent no `x-ratelimit-*` header. */
export function readRateBudget(headers: Headers | undefined | null): RateBudget | null {
  if (!headers) return null;
  const budget: RateBudget = {
    remainingRequests: count(headers.get('x-ratelimit-remaining-requests')),
    resetRequestsMs: durationMs(headers.get('x-ratelimit-reset-requests')),
    remainingTokens: count(headers.get('x-ratelimit-remaining-tokens')),
    resetTokensMs: durationMs(headers.get('x-ratelimit-reset-tokens')),
  };
  return Object.values(budget).every((v) => v === null) ? null : budget;
}
