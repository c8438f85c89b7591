import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { ApiError } from '@shared/contract';
import { isRight } from '@shared/scoring/answer';
import type { Db } from '../db/open';
import type { JobControl } from '../jobs/registry';
import { AnswerWriter } from './answer-writer';
import { GaveUp, type RetryPolicy } from './ask';
import { askerFor } from './replicas';
import { ResponseCache } from './cache';
import { createChatClient } from './client';
import { judgeFor, storeReply, type ReplySink } from './reply';
import { AdaptiveLimiter } from './limiter';
import { buildRequest, estimateTokens, ImageEncoder, requestKey, type Unit } from './request';
import { cacheable, trialOf, type Answer, type AnswerSink, type AskKeys, type AskSettings } from './settings';
import type { RunStats } from './stats';

/** What the engine is given besides the units: the project (cache, images), the keys, where answers go, and control. */
export interface EngineDeps {
  db: Db;
  keys: AskKeys;
  answers: AnswerSink;
  now: () => Date;
  retry: RetryPolicy;
  control: JobControl;
  /** Aborted by "pause": no new requests, no retries or backoff waits; those in flight get `pauseGraceMs`, then are dropped. */
  pause: AbortSignal;
  stats: RunStats;
  pauseGraceMs?: number;
}

/** How asking the units went; the caller decides what that means for its run (done, paused, failed, cancelled). */
export interface Tally {
  answered: number;
  errors: number;
  finished: number;
  /** The first error that stopped the asking by itself (storage, key, fail-fast, a lock that never let go). */
  fatal: ApiError | null;
  /** The first request's failure, so a run whose every request failed can say why at the top. */
  firstError: string | null;
}

/** A request in flight when the run is paused gets this long to come back before it is dropped (and asked on resume). */
export const PAUSE_GRACE_MS = 1000;
/** How long a run that is ending keeps trying to write answers held back by another process's lock. */
const DRAIN_MS = 60_000;
/** Workers per sending slot: while some wait out a backoff, others keep the slots busy. */
const WORKERS_PER_SLOT = 4;

/** The seeded random-guess baseline: a label drawn from a hash of (seed, question, pass), so reruns agree. */
export function randomLabel(seed: number, unit: Pick<Unit, 'questionId' | 'pass' | 'options'>): string | null {
  if (unit.options.length === 0) return null;
  const digest = createHash('sha256').update(`${seed}:${unit.questionId}:${unit.pass}`).digest();
  return unit.options[digest.readUInt32BE(0) % unit.options.length]!.label;
}

interface RunSignals {
  fatal: AbortController;
  /** No new request, no retry, no backoff wait: pause, cancel or a fatal error. */
  stop: AbortSignal;
  /** Drop the requests in flight: cancel or a fatal error at once, pause after its grace. */
  abandon: AbortSignal;
}

function runSignals(control: JobControl, pause: AbortSignal, graceMs: number): RunSignals {
  const fatal = new AbortController();
  const grace = new AbortController();
  const stop = AbortSignal.any([control.signal, fatal.signal, pause]);
  const abandon = AbortSignal.any([control.signal, fatal.signal, grace.signal]);
  const onPause = () => setTimeout(() => grace.abort(), graceMs).unref();
  if (pause.aborted) onPause();
  else pause.addEventListener('abort', onPause, { once: true });
  // Every waiting sender listens to these (a few per worker): many listeners are the design, not a leak.
  setMaxListeners(0, stop, abandon);
  return { fatal, stop, abandon };
}

interface RunParts {
  config: AskSettings;
  deps: EngineDeps;
  signals: RunSignals;
  writer: AnswerWriter;
  tally: Tally;
  total: number;
  stopWith: (error: ApiError) => void;
}

function endpointParts(config: AskSettings, keys: AskKeys, retry: RetryPolicy) {
  const endpoint = config.endpoint;
  const key = keys.endpoint;
  const client = endpoint ? createChatClient({ ...endpoint, apiKeyEnv: null }, key) : null;
  const newLimiter = () => new AdaptiveLimiter({ maxConcurrency: config.concurrency, rpm: endpoint?.rpm ?? null, tpm: endpoint?.tpm ?? null });
  const limiter = newLimiter();
  // Replicas of the endpoint (other base URLs serving the same model) each get a client and a limiter of their own.
  const replicas = (endpoint?.replicas ?? []).map((url) => ({ url, client: createChatClient({ ...endpoint!, baseUrl: url, apiKeyEnv: null }, key) }));
  const ask = endpoint && client ? askerFor({ url: endpoint.baseUrl, client, limiter }, replicas, newLimiter, retry) : null;
  const judge = judgeFor(config.judge, keys.judge);
  return { endpoint, client, limiter, judge, ask, senders: 1 + replicas.length };
}

/** Asks one unit and writes its answer (or why it failed); a unit dropped by pause or cancel is left unasked. */
function unitAnswerer(p: RunParts) {
  const { config, deps, signals, writer, tally } = p;
  const db = deps.db;
  const { endpoint, limiter, judge, ask, senders } = endpointParts(config, deps.keys, deps.retry);
  const cache = new ResponseCache(db);
  const encoder = config.images && config.kind === 'model' ? new ImageEncoder(db, config.imageMaxSide) : null;
  const useCache = cacheable(config);
  const params = { temperature: config.temperature, maxTokens: config.maxTokens, seed: config.seed };
  const iso = () => deps.now().toISOString();
  const settle = (ok: boolean) => {
    tally.finished++;
    if (ok) tally.answered++;
    else tally.errors++;
    deps.stats.record();
    deps.control.progress(tally.finished, p.total, `${tally.answered} answered · ${tally.errors} errors`);
  };
  const fail = (unit: Unit, message: string, prompt: Answer['prompt'], attempts: number) => {
    writer.write(() => deps.answers.failed(unit, message, prompt, attempts, iso()));
    tally.firstError ??= message;
    settle(false);
  };

  const answerOne = async (unit: Unit): Promise<void> => {
    const built = await buildRequest(config.template, unit, config.images, config.imageMaxSide, encoder, config.vrpClarification ?? false);
    if (config.kind === 'random') {
      const label = unit.type === 'multiple-choice' ? randomLabel(config.seed ?? 0, unit) : null;
      const answer: Answer = {
        raw: label ?? '', label, path: label ? 'exact' : 'failed', correct: isRight(unit.type, unit.answer, label, label, unit.rule),
        prompt: built.prompt, judge: [], tokensIn: null, tokensOut: null, latencyMs: 0, cost: null, cached: false, attempts: 1,
      };
      writer.write(() => deps.answers.answered(unit, answer, iso()));
      return settle(true);
    }
    const key = requestKey(endpoint!, params, built.prompt, trialOf(config, unit));
    let reply = useCache ? cache.get(key) : null;
    const cached = reply !== null;
    let attempts = 0;
    if (!reply) {
      try {
        const images = built.prompt.flatMap((part) => (part.kind === 'image' ? [part] : []));
        const request = { history: built.history, content: built.content, ...params };
        const asked = await ask!(request, estimateTokens(built.textChars, images) + params.maxTokens, signals);
        reply = asked.reply;
        attempts = asked.attempts;
      } catch (error) {
        if (!(error instanceof GaveUp)) throw error;
        if (error.last.kind === 'cancelled') return;
        fail(unit, `${error.last.kind}: ${error.last.message}`, built.prompt, error.attempts);
        if (error.last.kind === 'auth') p.stopWith({ code: 'unauthorized', message: `the endpoint refused the key (${error.last.message}); check the API key and resume` });
        else if (config.failFast) p.stopWith({ code: 'endpoint_failed', message: `stopped at the first failed request (fail-fast): ${error.last.message}` });
        return;
      }
    }
    const sink: ReplySink = { db, answers: deps.answers, endpoint: endpoint!, judge, cache, useCache, retry: deps.retry, signal: signals, iso, priceFactor: 1,
      write: (store) => writer.write(store) };
    if (!(await storeReply(sink, unit, built, key, { reply, cached, attempts, latencyMs: reply.latencyMs }))) return;
    settle(true);
  };
  return { answerOne, limiter, fail, senders };
}

/**
 * Asks each unit and hands every answer to the sink the moment it arrives, so a crash loses at most the requests in
 * flight. A storage failure stops the asking with its reason; answers a lock held back are written before this returns.
 */
export async function askUnits(units: readonly Unit[], config: AskSettings, deps: EngineDeps): Promise<Tally> {
  const { db, control } = deps;
  const signals = runSignals(control, deps.pause, deps.pauseGraceMs ?? PAUSE_GRACE_MS);
  const tally: Tally = { answered: 0, errors: 0, finished: 0, fatal: null, firstError: null };
  const stopWith = (error: ApiError) => {
    tally.fatal ??= error;
    signals.fatal.abort();
  };
  const writer = new AnswerWriter(db.name, stopWith);
  const { answerOne, limiter, fail, senders } = unitAnswerer({ config, deps, signals, writer, tally, total: units.length, stopWith });

  deps.stats.begin(units.length, limiter);
  control.progress(0, units.length, `${units.length} to ask`);
  let next = 0;
  const worker = async () => {
    while (next < units.length && !signals.stop.aborted) {
      const unit = units[next++]!;
      try {
        await answerOne(unit);
      } catch (error) {
        // A problem of this one question (an image missing from the project…): record it, keep the run going.
        fail(unit, `internal: ${error instanceof Error ? error.message : String(error)}`, [], 1);
      }
    }
  };
  // More workers than the endpoints' concurrency (each replica counts), so requests waiting out a backoff do not leave
  // sending slots idle; the limiters decide how many actually send.
  const workers = config.kind === 'random' ? 1 : config.concurrency * WORKERS_PER_SLOT * senders;
  try {
    await Promise.all(Array.from({ length: Math.min(workers, Math.max(1, units.length)) }, worker));
  } finally {
    deps.stats.end();
  }
  const held = await writer.drain(DRAIN_MS);
  if (held > 0) stopWith({ code: 'locked', message: `${held} answers could not be written: another process kept ${db.name} locked for over a minute; resume to ask them again` });
  return tally;
}
