import { isRight, readResponse } from '@shared/scoring/answer';
import type { Db } from '../db/open';
import { costOf, GaveUp, type AskSignals, type RetryPolicy } from './ask';
import type { ResponseCache } from './cache';
import { createChatClient, type ChatReply } from './client';
import { askJudge, type Judge } from './judge';
import { AdaptiveLimiter } from './limiter';
import type { BuiltRequest, Unit } from './request';
import type { Answer, AnswerSink, EndpointSnapshot } from './settings';

/** Everything needed to turn a model's reply into a stored prediction, whether it came live, from the cache or a batch. */
export interface ReplySink {
  /** The project: the cache lives there, and the answer and its cached reply are written in one transaction of it. */
  db: Db;
  /** The caller's store for answers (runs/ writes them as predictions). */
  answers: AnswerSink;
  endpoint: EndpointSnapshot;
  judge: Judge | null;
  cache: ResponseCache;
  useCache: boolean;
  retry: RetryPolicy;
  signal: AbortSignal | AskSignals;
  iso: () => string;
  /** Share of the list price paid (1 live, 1 − the provider's discount for a batch). */
  priceFactor: number;
  /** Runs the store: through the run's answer writer (which outlasts another process's lock) or at once. */
  write: (store: () => void) => void;
}

export function judgeFor(judge: EndpointSnapshot | null, apiKey: string | null): Judge | null {
  if (!judge) return null;
  return {
    endpoint: judge,
    client: createChatClient({ ...judge, apiKeyEnv: null }, apiKey),
    limiter: new AdaptiveLimiter({ maxConcurrency: judge.concurrency, rpm: judge.rpm, tpm: judge.tpm }),
  };
}

export interface Received {
  reply: ChatReply;
  cached: boolean;
  attempts: number;
  latencyMs: number | null;
}

/**
 * Reads the reply with our rules, asks the judge when they fail on a multiple-choice question, and stores the
 * prediction with the reply cached in one transaction. Returns false when the judge was cancelled (nothing stored).
 */
export async function storeReply(sink: ReplySink, unit: Unit, built: BuiltRequest, key: string, got: Received): Promise<boolean> {
  const { reply, cached } = got;
  let read = readResponse(unit.type, unit.options, reply.text, unit.rule);
  let judgeLog: Answer['judge'] = [];
  let judgeCost: number | null = null;
  if (read.path === 'failed' && sink.judge && unit.type === 'multiple-choice') {
    try {
      const judged = await askJudge(sink.judge, unit.text, unit.options, reply.text, sink.cache, sink.retry, sink.signal, sink.iso);
      read = judged.extracted;
      judgeLog = judged.log;
      judgeCost = judged.cost;
    } catch (error) {
      if (error instanceof GaveUp && error.last.kind === 'cancelled') return false;
      throw error;
    }
  }
  const listCost = cached ? 0 : costOf(sink.endpoint, reply);
  const cost = listCost === null ? null : listCost * sink.priceFactor;
  const answer: Answer = {
    raw: reply.text, label: read.label, path: read.path, correct: isRight(unit.type, unit.answer, read.label, reply.text, unit.rule),
    prompt: built.prompt, judge: judgeLog, tokensIn: reply.tokensIn, tokensOut: reply.tokensOut, latencyMs: cached ? null : got.latencyMs,
    cost: cost === null && judgeCost === null ? null : (cost ?? 0) + (judgeCost ?? 0), cached, attempts: got.attempts,
  };
  sink.write(() => sink.db.transaction(() => {
    if (!cached && sink.useCache) sink.cache.put(key, reply, sink.iso());
    sink.answers.answered(unit, answer, sink.iso());
  })());
  return true;
}
