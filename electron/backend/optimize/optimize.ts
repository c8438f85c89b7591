import type { Candidate } from '@shared/contract';
import { candidateProblem, introspectionParts, optimizerPrompt, parseCandidate, zeroShotPrompt, type Example, type Refusal, type WrongAnswer } from '@shared/optimize/meta-prompt';
import { slotNames } from '@shared/optimize/question-template';
import { combinedScore, cosine, editBudget, lexicalSimilarity, rankBy, wordEditDistance } from '@shared/optimize/scoring';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/endpoints';
import { AppError } from '../errors';
import { readAnswer, readOptions } from '../items/columns';
import type { RetryPolicy } from '../engine/ask';
import { RunStats } from '../engine/stats';
import type { JobControl } from '../jobs/registry';
import { freezeConfig } from '../runs/config';
import { executeRun } from '../runs/execute';
import { confirmRunEndpoints } from '../runs/endpoint-check';
import { createOptimizationRun, runConfig, runRow, runSummary } from '../runs/runs';
import { runInputFor, type OptimizeConfig } from './config';
import { askHelper, embed, helperFor, type OptimizationCall, type Helper, type HelperImage } from './helpers';
import {
  candidates, exampleRows, finishedOptimizations, frozenConfig, insertCandidate, itemImagesReader, optimizationRow, setChosen, setOptimizationStatus, setRound,
  updateCandidate, wrongRows,
} from './store';

export interface OptimizeDeps {
  db: Db;
  endpoints: EndpointStore;
  now: () => Date;
  retry: RetryPolicy;
  control: JobControl;
  userId: string | null;
  /** The owner accepted changed endpoints on resume: runs made before are confirmed to continue on this machine's (issue 29). */
  acceptEndpointChange?: boolean;
}

const OPTIMIZER_MAX_TOKENS = 1024;
const ANALYZER_MAX_TOKENS = 400;
/**
 * A round asks the optimizer at most perRound × MAX_ASKS times in all: a slot whose proposals keep being refused
 * takes the asks the other slots did not need, so a round ends short of perRound valid candidates only when the
 * optimizer fails that often.
 */
export const MAX_ASKS = 4;
/** One slot's asks at most: the ask number is the seed's tens digit (seed = round·100 + ask·10 + slot). */
const MAX_SLOT_ASKS = 10;
const never = new AbortController().signal;

/** Asks the target model a set of items with a prompt, as an ordinary run of the engine (cache, retries, extraction). */
export async function askWithPrompt(
  deps: OptimizeDeps, optimizationId: number, config: OptimizeConfig, prompt: string, itemIds: number[], name: string, existingRun: number | null,
): Promise<number> {
  const { db } = deps;
  let runId = existingRun;
  if (runId === null) {
    const input = runInputFor(config, prompt, itemIds, name);
    const frozen = freezeConfig(input, deps.endpoints);
    runId = createOptimizationRun(db, input, frozen, deps.userId, deps.now(), optimizationId);
  }
  if (runRow(db, runId).status !== 'done') {
    if (existingRun !== null && deps.acceptEndpointChange) {
      confirmRunEndpoints(db, runId, runConfig(runRow(db, runId)), deps.endpoints, true, deps.userId, deps.now().toISOString());
    }
    // The optimisation's job drives the run; the run's own progress would only overwrite the optimisation's.
    const control: JobControl = { id: deps.control.id, signal: deps.control.signal, progress: () => undefined };
    const outcome = await executeRun(runId, 'unanswered', {
      db, endpoints: deps.endpoints, now: deps.now, retry: deps.retry, control, pause: never, stats: new RunStats(),
    });
    if (outcome.status === 'failed') throw new AppError(outcome.error?.code ?? 'internal', `the target model failed: ${outcome.error?.message ?? 'see the run'}`);
  }
  return runId;
}

/** Right answers over every unit of a run (errors and unanswered count as wrong), from the runs' own summary. */
export function accuracyOf(db: Db, runId: number): number {
  const run = runSummary(db, runId, null, Date.now());
  return run.units === 0 ? 0 : run.correct / run.units;
}

/** The first wrong answers of a run with their questions' images, which the analyzer is shown. */
function wrongAnswers(db: Db, runId: number, maxWrong: number | null): { wrong: WrongAnswer[]; images: Map<string, HelperImage> } {
  const rows = wrongRows(db, runId, maxWrong);
  const imagesOf = itemImagesReader(db);
  const images = new Map<string, HelperImage>();
  const wrong = rows.map((r) => {
    const own: HelperImage[] = imagesOf(r.item_id);
    for (const image of own) images.set(image.hash, image);
    return {
      question: r.text, options: readOptions(r.options).map((o) => `${o.label}. ${o.text}`),
      gold: readAnswer(r.answer).join(' / '), reply: r.raw ?? '(no answer)', images: own.map((i) => i.hash),
    };
  });
  return { wrong, images };
}

function examplesOf(db: Db, config: OptimizeConfig): Example[] {
  const rows = exampleRows(db, config.fewItemIds, config.roles, config.params.maxExamples);
  return rows.map((r) => ({
    question: r.text, options: readOptions(r.options).map((o) => `${o.label}. ${o.text}`), answer: readAnswer(r.answer).join(' / '),
  }));
}

/** One optimisation as it runs: its configuration, its helpers and how it logs their calls. */
interface Session {
  id: number;
  deps: OptimizeDeps;
  db: Db;
  config: OptimizeConfig;
  p: OptimizeConfig['params'];
  label: string;
  iso: () => string;
  optimizer: Helper;
  analyzer: Helper;
  embedder: Helper | null;
  ctx: OptimizationCall;
  total: number;
  /** The question template's slots a candidate must keep (none when every item asks the same question); null: no template, the prompt wraps {question}. */
  slots: string[] | null;
}

function openSession(id: number, deps: OptimizeDeps): Session {
  const { db } = deps;
  const row = optimizationRow(db, id);
  const config = row.frozen;
  const p = config.params;
  const iso = () => deps.now().toISOString();
  const helper = (name: string): Helper => { const e = deps.endpoints.get(name); return helperFor(e, deps.endpoints.apiKey(e)); };
  return {
    id, deps, db, config, p, label: row.task, iso,
    optimizer: helper(config.optimizer),
    analyzer: helper(config.analyzer),
    embedder: config.embeddings ? helper(config.embeddings) : null,
    ctx: { db, optimizationId: id, policy: deps.retry, signal: deps.control.signal, now: iso },
    total: config.zeroShot ? p.perRound : 1 + p.rounds * p.perRound,
    slots: config.questionTemplate ? slotNames(config.questionTemplate.text) : null,
  };
}

async function similarity(s: Session, prompt: string, candidateId: number): Promise<number> {
  if (prompt === s.config.p0) return 1;
  if (!s.embedder) return lexicalSimilarity(prompt, s.config.p0);
  const [a, b] = [await embed(s.ctx, s.embedder, prompt, candidateId), await embed(s.ctx, s.embedder, s.config.p0, null)];
  return cosine(a, b);
}

/** Scores a candidate: accuracy on D_few through a run, similarity to p0, c, and the analyzer's introspection. */
async function score(s: Session, c: Candidate): Promise<void> {
  const { db, config, p } = s;
  if (s.deps.control.signal.aborted) throw new AppError('cancelled', 'cancelled');
  if (config.zeroShot) {
    // No labelled example to ask: a zero-shot candidate is judged by how much of p0's meaning it keeps.
    const sim = await similarity(s, c.prompt, c.id);
    updateCandidate(db, c.id, { status: 'scored', similarity: sim, score: sim });
    return;
  }
  const runId = await askWithPrompt(s.deps, s.id, config, c.prompt, config.fewItemIds, `TP-Eval ${s.label} · round ${c.round}.${c.slot}`, c.runId);
  updateCandidate(db, c.id, { run_id: runId });
  const accuracy = accuracyOf(db, runId);
  const sim = await similarity(s, c.prompt, c.id);
  const { wrong, images } = wrongAnswers(db, runId, p.maxWrong);
  const seesImages = s.analyzer.endpoint.kind !== 'text';
  const introspection = wrong.length
    ? await askHelper(s.ctx, s.analyzer, 'analyzer', introspectionParts(c.prompt, wrong, seesImages), { temperature: 0, maxTokens: ANALYZER_MAX_TOKENS, seed: 0 }, c.id, images)
    : 'Every example was answered correctly.';
  updateCandidate(db, c.id, { status: 'scored', accuracy, similarity: sim, score: combinedScore(accuracy, sim, p.alpha), introspection });
}

function report(s: Session): void {
  const all = candidates(s.db, s.id);
  const done = all.filter((c) => c.status !== 'pending').length;
  const best = rankBy(all.filter((c) => c.status === 'scored').map((c) => ({ ...c, accuracy: c.accuracy ?? 0, similarity: c.similarity ?? 0 })), s.p.alpha)[0];
  s.deps.control.progress(done, s.total, `round ${optimizationRow(s.db, s.id).round} of ${s.config.zeroShot ? 1 : s.p.rounds}${best ? ` · best c ${best.score?.toFixed(3)}` : ''}`);
}

/** Why a proposal cannot be scored in this slot, or null. */
function problemOf(s: Session, prompt: string | null, base: string, budget: number): string | null {
  if (!prompt) return 'the optimizer sent no prompt';
  const edits = wordEditDistance(base, prompt);
  return candidateProblem(prompt, s.config.mode, true, s.slots)
    ?? (candidates(s.db, s.id).some((c) => c.prompt.trim() === prompt) ? 'repeats an earlier prompt' : null)
    ?? (edits > budget ? `edits ${edits} words; this round allows ${budget}` : null);
}

/**
 * A refused proposal is asked for again, told why, up to `maxAsks` times, so a round scores all its candidates (the
 * paper's three per round) instead of shrinking. Each ask has its own seed, so a resumed slot reads every ask back
 * from the cache in the same order. Returns how many asks the slot took.
 */
async function propose(
  s: Session, round: number, slot: number, ask: (budget: number, refused: Refusal[]) => string, base: string, maxAsks: number,
): Promise<number> {
  const { db, id, p } = s;
  const existing = candidates(db, id).find((c) => c.round === round && c.slot === slot);
  if (existing) {
    if (existing.status === 'pending') await score(s, existing);
    return existing.refused.length + 1;
  }
  const budget = editBudget(round, s.config.p0, p);
  const refused: Refusal[] = [];
  for (let attempt = 0; ; attempt++) {
    const seed = round * 100 + attempt * 10 + slot;
    const reply = await askHelper(s.ctx, s.optimizer, 'optimizer', ask(budget, refused), { temperature: p.temperature, maxTokens: OPTIMIZER_MAX_TOKENS, seed }, null);
    const prompt = parseCandidate(reply);
    const problem = problemOf(s, prompt, base, budget);
    const edits = prompt ? wordEditDistance(base, prompt) : null;
    if (!problem) {
      await score(s, insertCandidate(db, id, { round, slot, prompt: prompt!, status: 'pending', problem: null, edits, budget, refused }, s.iso()));
      return attempt + 1;
    }
    if (attempt >= maxAsks - 1) {
      insertCandidate(db, id, { round, slot, prompt: prompt ?? reply.slice(0, 2000), status: 'rejected', problem, edits, budget, refused }, s.iso());
      return attempt + 1;
    }
    refused.push({ prompt: (prompt ?? reply).slice(0, 2000), problem });
  }
}

/** A round's slots in order, sharing the round's asks: each slot leaves at least one ask for every later slot. */
async function proposeRound(s: Session, round: number, ask: (budget: number, refused: Refusal[]) => string, base: string): Promise<void> {
  const { perRound } = s.p;
  let left = perRound * MAX_ASKS;
  for (let slot = 0; slot < perRound; slot++) {
    left -= await propose(s, round, slot, ask, base, Math.max(1, Math.min(MAX_SLOT_ASKS, left - (perRound - slot - 1))));
    report(s);
  }
}

/** Zero-shot: candidates proposed from other tasks' improvements, in one round. */
async function zeroShotRound(s: Session): Promise<void> {
  const { db, id, config } = s;
  setRound(db, id, 1);
  const pairs = transferPairs(db, config, id);
  if (pairs.length === 0) throw new AppError('invalid_input', `zero-shot needs finished optimisations of other tasks for ${config.target} that improved their prompt; run a few-shot one first`);
  await proposeRound(s, 1,
    (counter, refused) => zeroShotPrompt({ task: s.label, mode: config.mode, p0: config.p0, pairs, counter, slots: s.slots, refused }), config.p0);
}

/** Few-shot: each round's candidates proposed from the top-K prompts so far, with their scores and introspections. */
async function fewShotRounds(s: Session, fromRound: number): Promise<void> {
  const { db, id, config, p } = s;
  const examples = examplesOf(db, config);
  for (let round = Math.max(1, fromRound); round <= p.rounds; round++) {
    setRound(db, id, round);
    // The meta-prompt of a round sees only earlier rounds, as the paper's P_{i+1} comes from {P_0 … P_i}: a
    // resumed round therefore sends exactly what it sent before.
    const prior = candidates(db, id).filter((c) => c.status === 'scored' && c.round < round)
      .map((c) => ({ ...c, accuracy: c.accuracy ?? 0, similarity: c.similarity ?? 0 }));
    const top = rankBy(prior, p.alpha).slice(0, p.topK);
    const text = (counter: number, refused: Refusal[]) => optimizerPrompt({
      task: s.label, mode: config.mode, examples, counter, slots: s.slots, refused,
      top: top.map((c) => ({ prompt: c.prompt, score: combinedScore(c.accuracy, c.similarity, p.alpha), accuracy: c.accuracy, similarity: c.similarity,
        introspection: c.introspection })),
    });
    await proposeRound(s, round, text, top[0]?.prompt ?? config.p0);
  }
}

/**
 * Runs (or resumes) one TP-Eval optimisation: scores p0, then for each round asks the optimizer for candidates
 * from the top-K prompts with their scores and introspections, rejects any that break the template or the edit
 * budget, scores the rest (target accuracy on D_few through a run, similarity to p0, c = α·a + (1−α)·s, and the
 * analyzer's introspection), and finally re-ranks every candidate with α*. Every step is stored as it happens, and
 * every model call goes through the response cache, so a resumed optimisation repeats no finished call.
 */
export async function runOptimization(id: number, deps: OptimizeDeps): Promise<Candidate | null> {
  const { db, control } = deps;
  const s = openSession(id, deps);
  const { config } = s;
  const fromRound = optimizationRow(db, id).round;
  setOptimizationStatus(db, id, 'running', null, null);
  try {
    let p0 = candidates(db, id).find((c) => c.round === 0);
    p0 ??= insertCandidate(db, id, { round: 0, slot: 0, prompt: config.p0, status: config.zeroShot ? 'scored' : 'pending', problem: null, edits: 0, budget: null, refused: [] }, s.iso());
    if (p0.status === 'pending') await score(s, p0);
    report(s);
    if (config.zeroShot) await zeroShotRound(s);
    else await fewShotRounds(s, fromRound);
    return finish(db, id, config, deps.now());
  } catch (error) {
    const cancelled = control.signal.aborted;
    setOptimizationStatus(db, id, cancelled ? 'cancelled' : 'failed', cancelled ? null : (error as Error).message, deps.now());
    throw error;
  }
}

/** Re-ranks every scored candidate with α* and records the chosen prompt. */
function finish(db: Db, id: number, config: OptimizeConfig, now: Date): Candidate | null {
  const scored = candidates(db, id).filter((c) => c.status === 'scored');
  const alpha = config.zeroShot ? 0 : config.params.alphaStar;
  const ranked = rankBy(scored.map((c) => ({ ...c, accuracy: c.accuracy ?? 0, similarity: c.similarity ?? 0 })), alpha);
  db.transaction(() => {
    for (const c of ranked) updateCandidate(db, c.id, { final_score: combinedScore(c.accuracy, c.similarity, alpha) });
    // Zero-shot has no labels to score on: the candidate closest in meaning to p0 that the model's preferences shaped.
    const chosen = config.zeroShot ? ranked.find((c) => c.round > 0) ?? ranked[0] : ranked[0];
    setChosen(db, id, chosen?.id ?? null);
    setOptimizationStatus(db, id, 'done', null, now);
  })();
  return candidates(db, id).find((c) => c.id === optimizationRow(db, id).chosen_id) ?? null;
}

/** Other tasks' finished optimisations for the same target whose chosen prompt beat p0 on D_few. */
function transferPairs(db: Db, config: OptimizeConfig, self: number): { task: string; original: string; optimised: string }[] {
  const rows = finishedOptimizations(db, self);
  return rows.filter((r) => {
    const other = frozenConfig(r.config);
    return other.target === config.target && !other.zeroShot && other.mode === config.mode && (r.accuracy ?? 0) > (r.base ?? 0);
  }).map((r) => ({ task: r.task, original: frozenConfig(r.config).p0, optimised: r.prompt }));
}
