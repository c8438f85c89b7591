import type {
  Option, PredictionDetail, PredictionOutcome, PredictionRow, PromptMessagePart, QuestionType, Role,
} from '@shared/contract';
import type { ExtractionPath } from '@shared/scoring/extract';
import { isRight } from '@shared/scoring/answer';
import { ruleOf } from '@shared/scoring/rules';
import type { Db } from '../db/open';
import { statement } from '../db/statements';
import type { Answer, AnswerSink, JudgeTry } from '../engine/settings';
import { AppError } from '../errors';
import { summaryChanged } from './summary-hook';

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
    insertAnswer(db, runId, questionId, pass, a, now);
    summaryChanged(db, runId);
  })();
}

function insertAnswer(db: Db, runId: number, questionId: number, pass: number, a: Answer, now: string): void {
  statement(db, `INSERT INTO predictions (run_id, question_id, pass, status, raw, extracted, extraction, correct, prompt, judge,
      tokens_in, tokens_out, latency_ms, cost, cached, attempts, error, created_at, updated_at)
    VALUES (?, ?, ?, 'answered', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)
    ON CONFLICT (run_id, question_id, pass) DO UPDATE SET status = 'answered', raw = excluded.raw, extracted = excluded.extracted,
      extraction = excluded.extraction, correct = excluded.correct, prompt = excluded.prompt, judge = excluded.judge,
      tokens_in = excluded.tokens_in, tokens_out = excluded.tokens_out, latency_ms = excluded.latency_ms, cost = excluded.cost,
      cached = excluded.cached, attempts = predictions.attempts + excluded.attempts, error = NULL, updated_at = excluded.updated_at
    WHERE predictions.status = 'error'`).run(
    runId, questionId, pass, a.raw, a.label, a.path, a.correct ? 1 : 0, JSON.stringify(a.prompt), JSON.stringify(a.judge),
    a.tokensIn, a.tokensOut, a.latencyMs, a.cost, a.cached ? 1 : 0, a.attempts, now, now,
  );
}

/** Records a request that could not be answered, with why; a later retry replaces it. */
export function storeError(db: Db, runId: number, questionId: number, pass: number, error: string, prompt: PromptMessagePart[], attempts: number, now: string): void {
  db.transaction(() => {
    statement(db, `INSERT INTO predictions (run_id, question_id, pass, status, prompt, attempts, error, created_at, updated_at)
      VALUES (?, ?, ?, 'error', ?, ?, ?, ?, ?)
      ON CONFLICT (run_id, question_id, pass) DO UPDATE SET error = excluded.error, attempts = predictions.attempts + excluded.attempts,
        updated_at = excluded.updated_at
      WHERE predictions.status = 'error'`).run(runId, questionId, pass, JSON.stringify(prompt), attempts, error, now, now);
    summaryChanged(db, runId);
  })();
}

const OUTCOME_SQL = `CASE WHEN p.id IS NULL THEN 'pending' WHEN p.status = 'error' THEN 'error' WHEN p.correct = 1 THEN 'correct'
  WHEN p.corrected IS NULL AND p.extraction IN ('failed', 'unanswerable') THEN 'failed' ELSE 'wrong' END`;

interface Joined {
  id: number | null; position: number; question_id: number; item_id: number; pass: number; role: Role; text: string; gold: string;
  outcome: PredictionOutcome; extracted: string | null; extraction: ExtractionPath | null; corrected: string | null; raw: string | null;
  error: string | null; cached: number | null; latency_ms: number | null;
}

const JOINED_FROM = `FROM run_units u JOIN questions q ON q.id = u.question_id
  LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass`;
const JOINED_COLUMNS = `p.id, u.position, u.question_id, q.item_id, u.pass, q.role, q.text, u.answer AS gold, ${OUTCOME_SQL} AS outcome,
  p.extracted, p.extraction, p.corrected, p.raw, p.error, p.cached, p.latency_ms`;

function toRow(r: Joined): PredictionRow {
  return {
    id: r.id, position: r.position, questionId: r.question_id, itemId: r.item_id, pass: r.pass, role: r.role,
    questionText: r.text.length > 300 ? `${r.text.slice(0, 300)}…` : r.text, gold: (JSON.parse(r.gold) as string[]).join(' | '),
    outcome: r.outcome, extracted: r.extracted, extraction: r.extraction, corrected: r.corrected,
    raw: r.raw && r.raw.length > 500 ? `${r.raw.slice(0, 500)}…` : r.raw, error: r.error, cached: r.cached === 1, latencyMs: r.latency_ms,
  };
}

export function listPredictions(
  db: Db, runId: number, filter: { outcome?: PredictionOutcome; extraction?: ExtractionPath }, offset: number, limit: number,
): { total: number; rows: PredictionRow[] } {
  const clauses = ['u.run_id = ?'];
  const params: unknown[] = [runId];
  if (filter.outcome) { clauses.push(`${OUTCOME_SQL} = ?`); params.push(filter.outcome); }
  if (filter.extraction) { clauses.push('p.extraction = ?'); params.push(filter.extraction); }
  const where = `WHERE ${clauses.join(' AND ')}`;
  const total = db.prepare(`SELECT count(*) ${JOINED_FROM} ${where}`).pluck().get(...params) as number;
  const rows = db.prepare(`SELECT ${JOINED_COLUMNS} ${JOINED_FROM} ${where} ORDER BY u.position LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as Joined[];
  return { total, rows: rows.map(toRow) };
}

export function getPrediction(db: Db, id: number): PredictionDetail {
  const r = db.prepare(`SELECT ${JOINED_COLUMNS}, u.options, p.prompt, p.judge, p.tokens_in, p.tokens_out, p.cost, p.attempts, p.corrected_by
    ${JOINED_FROM} WHERE p.id = ?`).get(id) as (Joined & {
      options: string; prompt: string | null; judge: string; tokens_in: number | null; tokens_out: number | null; cost: number | null;
      attempts: number; corrected_by: string | null;
    }) | undefined;
  if (!r) throw new AppError('not_found', `prediction ${id} does not exist`);
  const row = toRow(r);
  return {
    ...row, raw: r.raw, questionText: r.text, options: JSON.parse(r.options) as Option[],
    prompt: r.prompt ? (JSON.parse(r.prompt) as PromptMessagePart[]) : [], judge: JSON.parse(r.judge) as JudgeTry[],
    tokensIn: r.tokens_in, tokensOut: r.tokens_out, cost: r.cost, attempts: r.attempts, correctedBy: r.corrected_by,
  };
}

/** A person's reading of a response, kept beside the extractor's; correctness follows the person's value. */
export function correctPrediction(db: Db, id: number, label: string | null, userId: string | null, now: string): PredictionDetail {
  const p = db.prepare(`SELECT p.run_id, p.status, p.raw, p.extracted, u.options, u.answer, q.type, q.meta FROM predictions p
      JOIN run_units u ON u.run_id = p.run_id AND u.question_id = p.question_id AND u.pass = p.pass
      JOIN questions q ON q.id = p.question_id WHERE p.id = ?`).get(id) as
    { run_id: number; status: string; raw: string | null; extracted: string | null; options: string; answer: string; type: QuestionType; meta: string } | undefined;
  if (!p) throw new AppError('not_found', `prediction ${id} does not exist`);
  if (p.status !== 'answered') throw new AppError('invalid_input', 'this request failed; retry it before correcting its answer');
  const options = JSON.parse(p.options) as Option[];
  if (label !== null && p.type === 'multiple-choice' && !options.some((o) => o.label === label)) {
    throw new AppError('invalid_input', `"${label}" is not one of the options (${options.map((o) => o.label).join(', ')})`);
  }
  const gold = JSON.parse(p.answer) as string[];
  const value = label ?? p.extracted;
  const correct = isRight(p.type, gold, value, label ?? p.raw, ruleOf(p.type, p.meta));
  db.transaction(() => {
    db.prepare('UPDATE predictions SET corrected = ?, corrected_by = ?, correct = ?, updated_at = ? WHERE id = ?')
      .run(label, label === null ? null : userId, correct ? 1 : 0, now, id);
    summaryChanged(db, p.run_id);
  })();
  return getPrediction(db, id);
}
