import { createHash } from 'node:crypto';
import { isRight } from '../../../shared/scoring/answer';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/store';
import { AppError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { cacheable } from '../runs/config';
import { storeAnswer, storeError, type Answer } from '../runs/predictions';
import { runConfig, runRow, setRunStatus } from '../runs/store';
import { GaveUp, type RetryPolicy } from './ask';
import { askerFor } from '../replicas/pool';
import { ResponseCache } from './cache';
import { createChatClient } from './client';
import { judgeFor, storeReply, type ReplySink } from './reply';
import { AdaptiveLimiter } from './limiter';
import { buildRequest, estimateTokens, ImageEncoder, loadUnits, requestKey, type Unit } from './request';
import { RunStats } from './stats';
import { executeBatchRun } from '../batch/run';

export interface RunnerDeps {
  db: Db;
  endpoints: EndpointStore;
  now: () => Date;
  retry: RetryPolicy;
  control: JobControl;
  /** Aborted by "pause": no new requests; those in flight finish and are stored. */
  pause: AbortSignal;
  stats: RunStats;
  /** How often a batch run asks the provider how its batch is doing. */
  batchPollMs?: number;
}

export interface RunOutcome {
  runId: number;
  status: 'done' | 'paused' | 'failed';
  asked: number;
  answered: number;
  errors: number;
}

/** The seeded random-guess baseline: a label drawn from a hash of (seed, question, pass), so reruns agree. */
export function randomLabel(seed: number, unit: Pick<Unit, 'questionId' | 'pass' | 'options'>): string | null {
  if (unit.options.length === 0) return null;
  const digest = createHash('sha256').update(`${seed}:${unit.questionId}:${unit.pass}`).digest();
  return unit.options[digest.readUInt32BE(0) % unit.options.length]!.label;
}

/**
 * Runs (or resumes) a run: asks each unit that has no answer yet — or, with `which = 'errors'`, only failed ones — and
 * writes every answer the moment it arrives, so a crash loses at most the requests in flight.
 */
export async function executeRun(runId: number, which: 'unanswered' | 'errors', deps: RunnerDeps): Promise<RunOutcome> {
  const { db, control } = deps;
  const config = runConfig(runRow(db, runId));
  if (config.kind === 'human') throw new AppError('invalid_input', 'a human-evaluation run is answered in the Runs screen, not by a job');
  if (config.batch) return executeBatchRun(runId, which, config, deps);
  const units = loadUnits(db, runId, which);
  const cache = new ResponseCache(db);
  const iso = () => deps.now().toISOString();
  const fatal = new AbortController();
  const signal = AbortSignal.any([control.signal, fatal.signal]);
  let fatalError: string | null = null;
  let answered = 0;
  let errors = 0;
  let finished = 0;

  const endpoint = config.endpoint;
  const key = endpoint ? deps.endpoints.apiKey(deps.endpoints.get(endpoint.name)) : null;
  const client = endpoint ? createChatClient({ ...endpoint, apiKeyEnv: null }, key) : null;
  const newLimiter = () => new AdaptiveLimiter({ maxConcurrency: config.concurrency, rpm: endpoint?.rpm ?? null, tpm: endpoint?.tpm ?? null });
  const limiter = newLimiter();
  // Replicas of the endpoint (other base URLs serving the same model) each get a client and a limiter of their own.
  const replicas = (endpoint?.replicas ?? []).map((url) => ({ url, client: createChatClient({ ...endpoint!, baseUrl: url, apiKeyEnv: null }, key) }));
  const ask = endpoint && client ? askerFor({ url: endpoint.baseUrl, client, limiter }, replicas, newLimiter, deps.retry) : null;
  const judge = judgeFor(config, deps.endpoints);
  const encoder = config.images && config.kind === 'model' ? new ImageEncoder(db, config.imageMaxSide) : null;
  const useCache = cacheable(config);
  const params = { temperature: config.temperature, maxTokens: config.maxTokens, seed: config.seed };

  setRunStatus(db, runId, 'running', null, null);
  deps.stats.begin(units.length, limiter);
  control.progress(0, units.length, `${units.length} to ask`);

  const settle = (ok: boolean) => {
    finished++;
    if (ok) answered++;
    else errors++;
    deps.stats.record();
    control.progress(finished, units.length, `${answered} answered · ${errors} errors`);
  };

  const answerOne = async (unit: Unit): Promise<void> => {
    const built = await buildRequest(config.template, unit, config.images, config.imageMaxSide, encoder);
    if (config.kind === 'random') {
      const label = unit.type === 'multiple-choice' ? randomLabel(config.seed ?? 0, unit) : null;
      const answer: Answer = {
        raw: label ?? '', label, path: label ? 'exact' : 'failed', correct: isRight(unit.type, unit.answer, label, label),
        prompt: built.prompt, judge: [], tokensIn: null, tokensOut: null, latencyMs: 0, cost: null, cached: false, attempts: 1,
      };
      storeAnswer(db, runId, unit.questionId, unit.pass, answer, iso());
      return settle(true);
    }
    const key = requestKey(endpoint!, params, built.prompt);
    let reply = useCache ? cache.get(key) : null;
    const cached = reply !== null;
    let attempts = 0;
    if (!reply) {
      try {
        const asked = await ask!({ content: built.content, ...params }, estimateTokens(built.textChars, built.prompt.flatMap((p) => (p.kind === 'image' ? [p] : []))) + params.maxTokens, signal);
        reply = asked.reply;
        attempts = asked.attempts;
      } catch (error) {
        if (!(error instanceof GaveUp)) throw error;
        if (error.last.kind === 'cancelled') return;
        storeError(db, runId, unit.questionId, unit.pass, `${error.last.kind}: ${error.last.message}`, built.prompt, error.attempts, iso());
        settle(false);
        if (error.last.kind === 'auth' || config.failFast) {
          fatalError = error.last.kind === 'auth'
            ? `the endpoint refused the key (${error.last.message}); check the API key and resume`
            : `stopped at the first failed request (fail-fast): ${error.last.message}`;
          fatal.abort();
        }
        return;
      }
    }
    const sink: ReplySink = { db, runId, endpoint: endpoint!, judge, cache, useCache, retry: deps.retry, signal, iso, priceFactor: 1 };
    if (!(await storeReply(sink, unit, built, key, { reply, cached, attempts, latencyMs: reply.latencyMs }))) return;
    settle(true);
  };

  let next = 0;
  const worker = async () => {
    while (next < units.length && !deps.pause.aborted && !signal.aborted) {
      const unit = units[next++]!;
      try {
        await answerOne(unit);
      } catch (error) {
        // A problem of this one question (an image missing from the project…): record it, keep the run going.
        storeError(db, runId, unit.questionId, unit.pass, `internal: ${error instanceof Error ? error.message : String(error)}`, [], 1, iso());
        settle(false);
      }
    }
  };
  // As many workers as the endpoint may ever run at once; the limiter decides how many actually send.
  const workers = config.kind === 'random' ? 1 : config.concurrency * (1 + replicas.length);
  try {
    await Promise.all(Array.from({ length: Math.min(workers, Math.max(1, units.length)) }, worker));
  } finally {
    deps.stats.end();
  }

  if (control.signal.aborted) {
    setRunStatus(db, runId, 'cancelled', null, deps.now());
    throw new AppError('cancelled', 'cancelled');
  }
  const status = fatalError ? 'failed' : deps.pause.aborted && finished < units.length ? 'paused' : 'done';
  setRunStatus(db, runId, status, fatalError, status === 'paused' ? null : deps.now());
  return { runId, status, asked: finished, answered, errors };
}
