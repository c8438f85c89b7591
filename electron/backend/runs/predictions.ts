import type { PredictionDetail, PredictionOutcome, PredictionRow, PromptMessagePart } from '@shared/contract';
import type { ExtractionPath } from '@shared/scoring/extract';
import { isRight } from '@shared/scoring/answer';
import { ruleOf } from '@shared/scoring/rules';
import type { Db } from '../db/open';
import type { Answer, AnswerSink } from '../engine/settings';
import { AppError } from '../errors';
import { readAnswer, readOptions } from '../items/columns';
import type { ReadClause } from '../items/questions';
import { readJudge, readPrompt } from './columns';
import { requireQuestionReadable } from './read-rules';
import { summaryChanged } from './summary-hook';
import {
  correctableRow, predictionDetailRow, predictionPage, upsertAnswer, upsertError, writeCorrection, type Joined,
} from './store/predictions';

export type { Answer, JudgeTry } from '../engine/settings';

/** Where the engine's answers for run `runId` go: stored as its predictions, each write in its own transaction. */
export function answerSink(db: Db, runId: number): AnswerSink {
  return {
    answered: (unit, answer, at) => storeAnswer(db, runId, unit.questionId, unit.pass, answer, at),
    failed: (unit, message, prompt, attempts, at) => storeError(db, runId, unit.questionId, unit.pass, message, prompt, attempts, at),
  };
}

/**
 * Stores an answer the moment it arrives. The unique unit index makes a second answer impossible; an error row (from
 * an earlier attempt) is replaced, an answered row never is. Every prediction write goes through here, storeError or
 * correctPrediction, and each keeps the run's summary in step in its own transaction (runs/summary-hook).
 */
export function storeAnswer(db: Db, runId: number, questionId: number, pass: number, a: Answer, now: string): void {
  db.transaction(() => {
    upsertAnswer(db, runId, questionId, pass, a, now);
    summaryChanged(db, runId);
  })();
}

/** Records a request that could not be answered, with why; a later retry replaces it. */
export function storeError(db: Db, runId: number, questionId: number, pass: number, error: string, prompt: PromptMessagePart[], attempts: number,
  now: string): void {
  db.transaction(() => {
    upsertError(db, runId, questionId, pass, error, prompt, attempts, now);
    summaryChanged(db, runId);
  })();
}

function toRow(r: Joined): PredictionRow {
  return {
    id: r.id, position: r.position, questionId: r.question_id, itemId: r.item_id, pass: r.pass, role: r.role,
    questionText: r.text.length > 300 ? `${r.text.slice(0, 300)}…` : r.text, gold: readAnswer(r.gold).join(' | '),
    outcome: r.outcome, extracted: r.extracted, extraction: r.extraction, corrected: r.corrected,
    raw: r.raw && r.raw.length > 500 ? `${r.raw.slice(0, 500)}…` : r.raw, error: r.error, cached: r.cached === 1, latencyMs: r.latency_ms,
  };
}

/** A page of a run's predictions; `rule` (the caller's draft read rule, null for a lead) leaves out what they may not read. */
export function listPredictions(
  db: Db, runId: number, filter: { outcome?: PredictionOutcome; extraction?: ExtractionPath }, offset: number, limit: number, rule: ReadClause | null = null,
): { total: number; rows: PredictionRow[] } {
  const { total, rows } = predictionPage(db, runId, filter, offset, limit, rule);
  return { total, rows: rows.map(toRow) };
}

/**
 * One prediction in full; refused when it is of a triplet draft `rule` (the caller's draft read rule) does not let them
 * read, or when `refuseRun` refuses its run.
 */
export function getPrediction(db: Db, id: number, rule: ReadClause | null = null, refuseRun: (runId: number) => void = () => undefined): PredictionDetail {
  const r = predictionDetailRow(db, id);
  if (!r) throw new AppError('not_found', `prediction ${id} does not exist`);
  refuseRun(r.run_id);
  requireQuestionReadable(db, r.question_id, rule);
  const row = toRow(r);
  return {
    ...row, raw: r.raw, questionText: r.text, options: readOptions(r.options),
    prompt: readPrompt(r.prompt), judge: readJudge(r.judge),
    tokensIn: r.tokens_in, tokensOut: r.tokens_out, cost: r.cost, attempts: r.attempts, correctedBy: r.corrected_by,
  };
}

/** A person's reading of a response, kept beside the extractor's; correctness follows the person's value. */
export function correctPrediction(db: Db, id: number, label: string | null, userId: string | null, now: string): PredictionDetail {
  const p = correctableRow(db, id);
  if (!p) throw new AppError('not_found', `prediction ${id} does not exist`);
  if (p.status !== 'answered') throw new AppError('invalid_input', 'this request failed; retry it before correcting its answer');
  const options = readOptions(p.options);
  if (label !== null && p.type === 'multiple-choice' && !options.some((o) => o.label === label)) {
    throw new AppError('invalid_input', `"${label}" is not one of the options (${options.map((o) => o.label).join(', ')})`);
  }
  const gold = readAnswer(p.answer);
  const value = label ?? p.extracted;
  const correct = isRight(p.type, gold, value, label ?? p.raw, ruleOf(p.type, p.meta));
  db.transaction(() => {
    writeCorrection(db, id, label, userId, correct, now);
    summaryChanged(db, p.run_id);
  })();
  return getPrediction(db, id);
}
