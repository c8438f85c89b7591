import { z } from 'zod';
import { tokenLimit } from '@shared/domain/token-param';
import { AppError } from '../errors';
import type { ChatReply } from '../engine/client';
import { ResponseCache } from '../engine/cache';
import { judgeFor, storeReply, type ReplySink } from '../engine/reply';
import { buildRequest, ImageEncoder, requestKey, type BuiltRequest, type Unit } from '../engine/request';
import { cacheable } from './config';
import { resolveRunEndpoints } from './endpoint-check';
import { trialOf, type AskSettings } from '../engine/settings';
import type { RunnerDeps, RunOutcome } from './execute';
import { answerSink } from './predictions';
import { runConfig, runRow, setRunStatus } from './runs';
import { loadUnits } from './store/units';
import { forgetBatch, rememberBatch, savedBatch } from './store/batches';
import { BATCH_DONE, BatchProvider, type BatchState } from './batch-provider';

interface Pending { unit: Unit; built: BuiltRequest; key: string }
interface Tally { answered: number; errors: number }

/** One request of the batch's JSONL: the body the live client would send, named by question and pass. */
function batchLine(config: AskSettings, unit: Unit, built: BuiltRequest): string {
  const body = {
    model: config.endpoint!.model, messages: [...built.history, { role: 'user', content: built.content }], temperature: config.temperature,
    ...tokenLimit(config.endpoint!, config.maxTokens), ...(config.seed !== null ? { seed: config.seed } : {}),
  };
  return JSON.stringify({ custom_id: customId(unit), method: 'POST', url: '/v1/chat/completions', body });
}

const customId = (unit: Pick<Unit, 'questionId' | 'pass'>) => `q${unit.questionId}-p${unit.pass}`;

/** Sleeps between polls; a pause or cancel wakes it at once. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(() => { signal.removeEventListener('abort', done); resolve(); }, ms);
    const done = () => { clearTimeout(timer); resolve(); };
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * A line of the provider's output or error file: only what is read of it. It comes from outside, once per request after
 * the batch ends (not on the live path), so it is checked, and each line on its own: a line that cannot be read is that
 * request's error (kept for retry, with the line as it came), never the run's.
 */
const batchLineSchema = z.object({
  custom_id: z.string(),
  response: z.object({
    status_code: z.number(),
    body: z.object({
      choices: z.array(z.object({ message: z.object({ content: z.unknown() }).nullish() })).nullish(),
      usage: z.object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
    }).nullish(),
  }).nullish(),
  error: z.object({ message: z.string().nullish() }).nullish(),
});

/** One output or error line: whose it is (null when not even that can be read), and the reply or why there is none. */
interface ReadLine { id: string | null; reply: ChatReply | null; error: string | null }

/** Enough of an unreadable line to see what came, without storing a whole reply's worth of bytes per question. */
const RAW_LINE_CHARS = 2000;
const rawCustomId = /"custom_id"\s*:\s*"([^"\\]+)"/;

function unreadable(line: string, why: string): ReadLine {
  const raw = line.length > RAW_LINE_CHARS ? `${line.slice(0, RAW_LINE_CHARS)}…` : line;
  return { id: rawCustomId.exec(line)?.[1] ?? null, reply: null, error: `unreadable line from the provider (${why}): ${raw}` };
}

function parseJson(line: string): { value: unknown } | { why: string } {
  try {
    return { value: JSON.parse(line) };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}

function readLine(line: string): ReadLine | null {
  if (!line.trim()) return null;
  const json = parseJson(line);
  if ('why' in json) return unreadable(line, json.why);
  const parsed = batchLineSchema.safeParse(json.value);
  if (!parsed.success) return unreadable(line, 'not a batch output line');
  const row = parsed.data;
  const body = row.response?.body;
  const text = body?.choices?.[0]?.message?.content;
  if (row.response?.status_code === 200 && typeof text === 'string' && text.trim() !== '') {
    return { id: row.custom_id,
      reply: { text, tokensIn: body?.usage?.prompt_tokens ?? null, tokensOut: body?.usage?.completion_tokens ?? null, latencyMs: 0 }, error: null };
  }
  const why = row.error?.message ?? (row.response ? `status ${row.response.status_code}${typeof text === 'string' ? ' (empty reply)' : ''}` : 'no response');
  return { id: row.custom_id, reply: null, error: why };
}

/**
 * Runs a model run as one provider batch: serves what the cache holds, uploads the rest as JSONL, remembers the batch
 * in the project (so a restart polls it instead of sending again), polls until the provider is done, and stores each
 * line through the same extraction, judge and cache path as a live reply.
 */
export async function executeBatchRun(runId: number, which: 'unanswered' | 'errors', deps: RunnerDeps): Promise<RunOutcome> {
  const { db, control } = deps;
  // The owner's endpoint as configured now (refused when it is not the one recorded): uploads and polls of a batch id
  // stored in the project go there, never to a server the project names.
  const { settings: config, keys } = resolveRunEndpoints(db, runId, runConfig(runRow(db, runId)), deps.endpoints);
  const endpoint = config.endpoint!;
  const units = loadUnits(db, runId, which);
  const iso = () => deps.now().toISOString();
  const stop = AbortSignal.any([control.signal, deps.pause]);
  const provider = new BatchProvider(endpoint, keys.endpoint);
  const sink: ReplySink = {
    db, answers: answerSink(db, runId), endpoint, judge: judgeFor(config.judge, keys.judge), cache: new ResponseCache(db), useCache: cacheable(config),
    retry: deps.retry, signal: control.signal, iso, priceFactor: 1 - (endpoint.batchDiscount ?? 0.5), write: (store) => store(),
  };
  const tally: Tally = { answered: 0, errors: 0 };
  setRunStatus(db, runId, 'running', null, null);
  control.progress(0, units.length, `${units.length} to ask as a batch`);

  let saved = savedBatch(db, runId);
  // A batch already sent for this run is only polled: its requests are never built or uploaded again, so no image is encoded.
  const pending = await pendingRequests(config, units, sink, tally, saved === undefined);
  if (!saved && pending.size > 0) {
    const jsonl = [...pending.values()].map((p) => batchLine(config, p.unit, p.built)).join('\n') + '\n';
    const sent = await provider.submit(jsonl);
    rememberBatch(db, runId, sent, pending.size, iso());
    saved = { batchId: sent.batchId };
  }
  if (saved) {
    const state = await pollBatch(provider, saved.batchId, stop, deps.batchPollMs ?? 30_000, (s) => control.progress(tally.answered, units.length, `batch ${s.id}: ${s.status}`));
    if (!state) return stopped(runId, deps, tally);
    await collect(provider, state, pending, sink, tally);
    forgetBatch(db, runId);
    if (state.status !== 'completed') return unfinished(runId, deps, state, tally);
  }
  if (control.signal.aborted) return stopped(runId, deps, tally);
  setRunStatus(db, runId, 'done', null, deps.now());
  control.progress(units.length, units.length, `${tally.answered} answered · ${tally.errors} errors`);
  return { runId, status: 'done', asked: tally.answered + tally.errors, answered: tally.answered, errors: tally.errors, error: null };
}

/**
 * The provider ended the batch without completing it (expired, failed, cancelled at its end): what came back is stored,
 * the rest are errors a retry resubmits, and the run ends failed with the provider's reason — never `done`.
 */
function unfinished(runId: number, deps: RunnerDeps, state: BatchState, tally: Tally): RunOutcome {
  const message = `the provider's batch ${state.id} ${state.status}${state.reason ? ` (${state.reason})` : ''}: ${tally.answered} answered, `
    + `${tally.errors} without an answer; retry the run's errors to send only those again`;
  setRunStatus(deps.db, runId, 'failed', message, deps.now());
  deps.control.progress(tally.answered + tally.errors, tally.answered + tally.errors, message);
  return { runId, status: 'failed', asked: tally.answered + tally.errors, answered: tally.answered, errors: tally.errors, error: { code: 'endpoint_failed', message } };
}

/** Builds each unit's request exactly as the live engine would; cache hits are stored at once and not sent. */
async function pendingRequests(config: AskSettings, units: Unit[], sink: ReplySink, tally: Tally, withImages: boolean): Promise<Map<string, Pending>> {
  const encoder = withImages && config.images ? new ImageEncoder(sink.db, config.imageMaxSide) : null;
  const params = { temperature: config.temperature, maxTokens: config.maxTokens, seed: config.seed };
  const pending = new Map<string, Pending>();
  for (const unit of units) {
    const built = await buildRequest(config.template, unit, config.images, config.imageMaxSide, encoder, config.vrpClarification ?? false);
    const key = requestKey(config.endpoint!, params, built.prompt, trialOf(config, unit));
    const hit = sink.useCache ? sink.cache.get(key) : null;
    if (hit && (await storeReply(sink, unit, built, key, { reply: hit, cached: true, attempts: 0, latencyMs: null }))) tally.answered++;
    else if (!hit) pending.set(customId(unit), { unit, built, key });
  }
  return pending;
}

/** Polls until the provider is done with the batch; null when the run was paused or cancelled first. */
async function pollBatch(provider: BatchProvider, batchId: string, stop: AbortSignal, pollMs: number,
  report: (s: BatchState) => void): Promise<BatchState | null> {
  for (;;) {
    if (stop.aborted) return null;
    const state = await provider.state(batchId);
    report(state);
    if (BATCH_DONE.has(state.status)) return state;
    await wait(pollMs, stop);
  }
}

/**
 * Stores every output and error line by custom_id; a request the provider never answered is stored as an error. Each
 * line is read on its own: one the provider garbled fails only its own request (or, with no readable custom_id, is
 * named in the error of every request left without a reply).
 */
async function collect(provider: BatchProvider, state: BatchState, pending: Map<string, Pending>, sink: ReplySink, tally: Tally): Promise<void> {
  const lines = [
    ...(state.outputFileId ? (await provider.content(state.outputFileId)).split('\n') : []),
    ...(state.errorFileId ? (await provider.content(state.errorFileId)).split('\n') : []),
  ];
  const orphans: string[] = [];
  for (const line of lines) {
    const read = readLine(line);
    if (read && read.id === null) orphans.push(read.error ?? '');
    const p = read?.id ? pending.get(read.id) : undefined;
    if (!read || !p) continue;
    pending.delete(read.id!);
    if (read.reply && (await storeReply(sink, p.unit, p.built, p.key, { reply: read.reply, cached: false, attempts: 1, latencyMs: null }))) tally.answered++;
    else if (!read.reply) fail(sink, p, `batch: ${read.error}`, tally);
  }
  const unread = orphans.length ? `; ${orphans.length} line(s) of its output could not be read, the first: ${orphans[0]}` : '';
  for (const p of pending.values()) fail(sink, p, `batch ${state.id} ${state.status}: no reply for this request${unread}`, tally);
}

function fail(sink: ReplySink, p: Pending, message: string, tally: Tally): void {
  sink.answers.failed(p.unit, message, p.built.prompt, 1, sink.iso());
  tally.errors++;
}

function stopped(runId: number, deps: RunnerDeps, tally: Tally): RunOutcome {
  if (deps.control.signal.aborted) {
    setRunStatus(deps.db, runId, 'cancelled', null, deps.now());
    throw new AppError('cancelled', 'cancelled');
  }
  // Paused (or the project closed): the batch keeps running at the provider; resuming polls it again.
  setRunStatus(deps.db, runId, 'paused', null, null);
  return { runId, status: 'paused', asked: tally.answered + tally.errors, answered: tally.answered, errors: tally.errors, error: null };
}
