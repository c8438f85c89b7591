import { GRADE_TRIES, gradePrompt, gradeTemperature, parseGrade } from '@shared/scoring/graded';
import { askWithRetries, costOf, GaveUp, type RetryPolicy } from './ask';
import type { ResponseCache } from './cache';
import { keepInCache, type Judge } from './judge';
import { requestKey } from './request';

/** One try of a grade as stored: the prompt sent, the reply (or why there was none) and whether the cache served it. */
export interface GradeTry { prompt: string; reply: string | null; error: string | null; cached: boolean }

export interface GradeAsk {
  instructions: string;
  question: string;
  groundTruth: string;
  prediction: string;
  /** Which grading run (from 0): part of every request's seed, so repeated runs are distinct, cacheable requests. */
  repeat: number;
  maxTokens: number;
}

export interface GradeOutcome { score: number | null; tries: GradeTry[]; calls: number; cachedCalls: number; cost: number | null }

/**
 * METHODS §5.1: one grade of one reply as MM-Vet's evaluator asks for it — its prompt at temperature 0, and while the
 * reply is not a score in [0, 1], again with its request for a digit at a temperature 0.5 higher, five tries in all.
 * A grade still unread after that is null (ungraded), where MM-Vet records 0.0. Every prompt and reply is kept, and
 * replies are cached like the judge's (the seed names the run and the try).
 */
export async function askGrade(
  grader: Judge, ask: GradeAsk, cache: ResponseCache, policy: RetryPolicy, signal: AbortSignal, now: () => string,
): Promise<GradeOutcome> {
  const out: GradeOutcome = { score: null, tries: [], calls: 0, cachedCalls: 0, cost: null };
  for (let attempt = 0; attempt < GRADE_TRIES; attempt++) {
    const prompt = gradePrompt(ask.instructions, ask.question, ask.groundTruth, ask.prediction, attempt);
    const params = { temperature: gradeTemperature(attempt), maxTokens: ask.maxTokens, seed: ask.repeat * GRADE_TRIES + attempt };
    const key = requestKey(grader.endpoint, params, [{ kind: 'text', text: prompt }]);
    let reply = cache.get(key);
    const cached = reply !== null;
    out.calls++;
    if (cached) out.cachedCalls++;
    if (!reply) {
      try {
        const asked = await askWithRetries(grader.client, grader.limiter, { content: [{ type: 'text', text: prompt }], ...params }, Math.ceil(prompt.length / 4) + ask.maxTokens, policy, signal);
        reply = asked.reply;
        keepInCache(cache, key, reply, now());
        const c = costOf(grader.endpoint, reply);
        if (c !== null) out.cost = (out.cost ?? 0) + c;
      } catch (error) {
        if (error instanceof GaveUp && error.last.kind === 'cancelled') throw error;
        out.tries.push({ prompt, reply: null, error: error instanceof Error ? error.message : String(error), cached: false });
        continue;
      }
    }
    out.tries.push({ prompt, reply: reply.text, error: null, cached });
    out.score = parseGrade(reply.text);
    if (out.score !== null) return out;
  }
  return out;
}
