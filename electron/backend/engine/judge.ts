import type { Option } from '@shared/contract';
import { choiceExtractorPrompt } from '@shared/prompts/choice-extractor';
import { parseJudgeReply, type Extracted } from '@shared/scoring/extract';
import type { EndpointSnapshot, JudgeTry } from './settings';
import { askWithRetries, costOf, GaveUp, type AskSignals, type RetryPolicy } from './ask';
import { isBusy } from '../db/failures';
import type { ResponseCache } from './cache';
import type { ChatClient, ChatReply } from './client';
import type { AdaptiveLimiter } from './limiter';
import { requestKey } from './request';

export const JUDGE_TRIES = 3;

export interface Judge {
  endpoint: EndpointSnapshot;
  client: ChatClient;
  limiter: AdaptiveLimiter;
}

/** The cache only saves money later: a locked file skips it rather than failing the answer. */
export function keepInCache(cache: ResponseCache, key: string, reply: ChatReply, at: string): void {
  try {
    cache.put(key, reply, at);
  } catch (error) {
    if (!isBusy(error)) throw error;
  }
}

/**
 * METHODS §4 step 2, MMBench's choice extractor as VLMEvalKit's `extract_answer_from_item` runs it: the judge gets
 * MMBench's prompt and names the option most similar to the response (or Z for none), at temperature 0, up to three
 * times; a reply naming no option (or a failed call) uses a try. After three tries the answer is no choice (`failed`,
 * scored wrong) where VLMEvalKit draws a random letter. Every prompt and reply is kept; replies are cached like any
 * deterministic request.
 */
export async function askJudge(
  judge: Judge, question: string, options: readonly Option[], response: string, cache: ResponseCache, policy: RetryPolicy,
  signal: AbortSignal | AskSignals, now: () => string,
): Promise<{ extracted: Extracted; log: JudgeTry[]; cost: number | null }> {
  const log: JudgeTry[] = [];
  let cost: number | null = null;
  const prompt = choiceExtractorPrompt(question, options, response);
  for (let attempt = 0; attempt < JUDGE_TRIES; attempt++) {
    // Each try is a distinct request (the seed), so a cached unhelpful reply is not simply read back three times.
    const params = { temperature: 0, maxTokens: 16, seed: attempt };
    const key = requestKey(judge.endpoint, params, [{ kind: 'text', text: prompt }]);
    let reply = cache.get(key);
    if (!reply) {
      try {
        const asked = await askWithRetries(judge.client, judge.limiter, { content: [{ type: 'text', text: prompt }], ...params }, Math.ceil(prompt.length / 4) + 16, policy, signal);
        reply = asked.reply;
        keepInCache(cache, key, reply, now());
        const c = costOf(judge.endpoint, reply);
        if (c !== null) cost = (cost ?? 0) + c;
      } catch (error) {
        if (error instanceof GaveUp && error.last.kind === 'cancelled') throw error;
        log.push({ prompt, reply: null, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    log.push({ prompt, reply: reply.text, error: null });
    const read = parseJudgeReply(reply.text, options);
    if (read === 'none') return { extracted: { label: null, path: 'failed' }, log, cost };
    if (read.label) return { extracted: { label: read.label, path: 'judge' }, log, cost };
  }
  return { extracted: { label: null, path: 'failed' }, log, cost };
}
