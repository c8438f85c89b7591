import type { Candidate, Option } from '@shared/contract';
import { candidateProblem, introspectionParts, optimizerPrompt, parseCandidate, zeroShotPrompt, type Example, type Refusal, type WrongAnswer } from '@shared/tpeval/meta-prompt';
import { slotNames } from '@shared/tpeval/question-template';
import { combinedScore, cosine, editBudget, lexicalSimilarity, rankBy, wordEditDistance } from '@shared/tpeval/scoring';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/store';
import { AppError } from '../errors';
import type { RetryPolicy } from '../engine/ask';
import { RunStats } from '../engine/stats';
import type { JobControl } from '../jobs/registry';
import { freezeConfig } from '../runs/config';
import { executeRun } from '../runs/execute';
import { createOptimizationRun, runRow, runSummary } from '../runs/runs';
import { runInputFor, type OptimizeConfig } from './config';
import { askHelper, embed, helperFor, type OptimizationCall, type Helper, type HelperImage } from './helpers';
import {
  candidates, exampleRows, finishedOptimizations, insertCandidate, itemImagesReader, optimizationRow, setChosen, setOptimizationStatus, setRound,
  updateCandidate, wrongRows,
} from './store';

export interface OptimizeDeps {
  db: Db;
  endpoints: EndpointStore;
  now: () => Date;
  retry: RetryPolicy;
  control: JobControl;
  userId: string | null;
}

const OPTIMIZER_MAX_TOKENS = 1024;
const ANALYZER_MAX_TOKENS = 400;
const EXAMPLES_SHOWN = 10;
/** How many times one slot's proposal is asked for at most (the first ask and three more). */
export const MAX_ASKS = 4;
const WRONG_SHOWN = 8;
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
function wrongAnswers(db: Db, runId: number): { wrong: WrongAnswer[]; images: Map<string, HelperImage> } {
  const rows = wrongRows(db, runId, WRONG_SHOWN);
  const imagesOf = itemImagesReader(db);
  const images = new Map<string, HelperImage>();
  const wrong = rows.map((r) => {
    const own: HelperImage[] = imagesOf(r.item_id);
    for (const image of own) images.set(image.hash, image);
    return {
      question: r.text, options: (JSON.parse(r.options) as Option[]).map((o) => `${o.label}. ${o.text}`),
      gold: (JSON.parse(r.answer) as string[]).join(' / '), reply: r.raw ?? '(no answer)', images: own.map((i) => i.hash),
    };
  });
  return { wrong, images };
}

function examplesOf(db: Db, config: OptimizeConfig): Example[] {
  const rows = exampleRows(db, config.fewItemIds, config.roles, EXAMPLES_SHOWN);
  return rows.map((r) => ({
    question: r.text, options: (JSON.parse(r.options) as Option[]).map((o) => `${o.label}. ${o.text}`), answer: (JSON.parse(r.answer) as string[]).join(' / '),
  }));
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
  const row = optimizationRow(db, id);
  const config = row.frozen;
  const p = config.params;
  const iso = () => deps.now().toISOString();
  const helper = (name: string): Helper => { const e = deps.endpoints.get(name); return helperFor(e, deps.endpoints.apiKey(e)); };
  const optimizer = helper(config.optimizer);
  const analyzer = helper(config.analyzer);
  const embedder = config.embeddings ? helper(config.embeddings) : null;
  const ctx: OptimizationCall = { db, optimizationId: id, policy: deps.retry, signal: control.signal, now: iso };
  const total = config.zeroShot ? p.perRound : 1 + p.rounds * p.perRound;
  const label = row.task;
  setOptimizationStatus(db, id, 'running', null, null);

  const similarity = async (prompt: string, candidateId: number): Promise<number> => {
    if (prompt === config.p0) return 1;
    if (!embedder) return lexicalSimilarity(prompt, config.p0);
    const [a, b] = [await embed(ctx, embedder, prompt, candidateId), await embed(ctx, embedder, config.p0, null)];
    return cosine(a, b);
  };

  const score = async (c: Candidate): Promise<void> => {
    if (control.signal.aborted) throw new AppError('cancelled', 'cancelled');
    if (config.zeroShot) {
      // No labelled example to ask: a zero-shot candidate is judged by how much of p0's meaning it keeps.
      const sim = await similarity(c.prompt, c.id);
      updateCandidate(db, c.id, { status: 'scored', similarity: sim, score: sim });
      return;
    }
    const runId = await askWithPrompt(deps, id, config, c.prompt, config.fewItemIds, `TP-Eval ${label} · round ${c.round}.${c.slot}`, c.runId);
    updateCandidate(db, c.id, { run_id: runId });
    const accuracy = accuracyOf(db, runId);
    const sim = await similarity(c.prompt, c.id);
    const { wrong, images } = wrongAnswers(db, runId);
    const seesImages = analyzer.endpoint.kind !== 'text';
    const introspection = wrong.length
      ? await askHelper(ctx, analyzer, 'analyzer', introspectionParts(c.prompt, wrong, seesImages), { temperature: 0, maxTokens: ANALYZER_MAX_TOKENS, seed: 0 }, c.id, images)
      : 'Every example was answered correctly.';
    updateCandidate(db, c.id, { status: 'scored', accuracy, similarity: sim, score: combinedScore(accuracy, sim, p.alpha), introspection });
  };

  const report = () => {
    const all = candidates(db, id);
    const done = all.filter((c) => c.status !== 'pending').length;
    const best = rankBy(all.filter((c) => c.status === 'scored').map((c) => ({ ...c, accuracy: c.accuracy ?? 0, similarity: c.similarity ?? 0 })), p.alpha)[0];
    control.progress(done, total, `round ${optimizationRow(db, id).round} of ${config.zeroShot ? 1 : p.rounds}${best ? ` · best c ${best.score?.toFixed(3)}` : ''}`);
  };

  const slots = config.questionTemplate ? slotNames(config.questionTemplate.text) : [];
  /** Why a proposal cannot be scored in this slot, or null. */
  const problemOf = (prompt: string | null, base: string, budget: number): string | null => {
    if (!prompt) return 'the optimizer sent no prompt';
    const edits = wordEditDistance(base, prompt);
    return candidateProblem(prompt, config.mode, true, slots)
      ?? (candidates(db, id).some((c) => c.prompt.trim() === prompt) ? 'repeats an earlier prompt' : null)
      ?? (edits > budget ? `edits ${edits} words; this round allows ${budget}` : null);
  };

  // A refused proposal is asked for again, told why, up to MAX_ASKS times, so a round scores all its candidates
  // (the paper's three per round) instead of shrinking. Each ask has its own seed, so a resumed slot reads every
  // ask back from the cache in the same order.
  const propose = async (round: number, slot: number, ask: (budget: number, refused: Refusal[]) => string, base: string): Promise<void> => {
    const existing = candidates(db, id).find((c) => c.round === round && c.slot === slot);
    if (existing) {
      if (existing.status === 'pending') await score(existing);
      return;
    }
    const budget = editBudget(round, config.p0, p);
    const refused: Refusal[] = [];
    for (let attempt = 0; attempt < MAX_ASKS; attempt++) {
      const seed = round * 100 + attempt * 10 + slot;
      const reply = await askHelper(ctx, optimizer, 'optimizer', ask(budget, refused), { temperature: p.temperature, maxTokens: OPTIMIZER_MAX_TOKENS, seed }, null);
      const prompt = parseCandidate(reply);
      const problem = problemOf(prompt, base, budget);
      const edits = prompt ? wordEditDistance(base, prompt) : null;
      if (!problem) {
        await score(insertCandidate(db, id, { round, slot, prompt: prompt!, status: 'pending', problem: null, edits, budget, refused }, iso()));
        return;
      }
      if (attempt === MAX_ASKS - 1) {
        insertCandidate(db, id, { round, slot, prompt: prompt ?? reply.slice(0, 2000), status: 'rejected', problem, edits, budget, refused }, iso());
        return;
      }
      refused.push({ prompt: (prompt ?? reply).slice(0, 2000), problem });
    }
  };

  try {
    let p0 = candidates(db, id).find((c) => c.round === 0);
    p0 ??= insertCandidate(db, id, { round: 0, slot: 0, prompt: config.p0, status: config.zeroShot ? 'scored' : 'pending', problem: null, edits: 0, budget: null, refused: [] }, iso());
    if (p0.status === 'pending') await score(p0);
    report();
    if (config.zeroShot) {
      setRound(db, id, 1);
      const pairs = transferPairs(db, config, id);
      if (pairs.length === 0) throw new AppError('invalid_input', `zero-shot needs finished optimisations of other tasks for ${config.target} that improved their prompt; run a few-shot one first`);
      for (let slot = 0; slot < p.perRound; slot++) {
        await propose(1, slot, (counter, refused) => zeroShotPrompt({ task: label, mode: config.mode, p0: config.p0, pairs, counter, slots, refused }), config.p0);
        report();
      }
    } else {
      const examples = examplesOf(db, config);
      for (let round = Math.max(1, row.round); round <= p.rounds; round++) {
        setRound(db, id, round);
        // The meta-prompt of a round sees only earlier rounds, as the paper's P_{i+1} comes from {P_0 … P_i}: a
        // resumed round therefore sends exactly what it sent before.
        const prior = candidates(db, id).filter((c) => c.status === 'scored' && c.round < round)
          .map((c) => ({ ...c, accuracy: c.accuracy ?? 0, similarity: c.similarity ?? 0 }));
        const top = rankBy(prior, p.alpha).slice(0, p.topK);
        const text = (counter: number, refused: Refusal[]) => optimizerPrompt({
          task: label, mode: config.mode, examples, counter, slots, refused,
          top: top.map((c) => ({ prompt: c.prompt, score: combinedScore(c.accuracy, c.similarity, p.alpha), accuracy: c.accuracy, similarity: c.similarity, introspection: c.introspection })),
        });
        for (let slot = 0; slot < p.perRound; slot++) {
          await propose(round, slot, text, top[0]?.prompt ?? config.p0);
          report();
        }
      }
    }
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
    const other = JSON.parse(r.config) as OptimizeConfig;
    return other.target === config.target && !other.zeroShot && other.mode === config.mode && (r.accuracy ?? 0) > (r.base ?? 0);
  }).map((r) => ({ task: r.task, original: (JSON.parse(r.config) as OptimizeConfig).p0, optimised: r.prompt }));
}
