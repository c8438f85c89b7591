import type { PredictionOutcome, PromptMessagePart, QuestionType, Role } from '@shared/contract';
import type { ExtractionPath } from '@shared/scoring/extract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';
import type { Answer } from '../../engine/settings';
import type { ReadClause as SqlClause } from '../../items/questions';
import type { RunCounts } from '../counts';

/** The SQL of run predictions: the answer and error upserts, the listing, one prediction, corrections and counters. */

export function upsertAnswer(db: Db, runId: number, questionId: number, pass: number, a: Answer, now: string): void {
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

export function upsertError(db: Db, runId: number, questionId: number, pass: number, error: string, prompt: PromptMessagePart[], attempts: number,
  now: string): void {
  statement(db, `INSERT INTO predictions (run_id, question_id, pass, status, prompt, attempts, error, created_at, updated_at)
    VALUES (?, ?, ?, 'error', ?, ?, ?, ?, ?)
    ON CONFLICT (run_id, question_id, pass) DO UPDATE SET error = excluded.error, attempts = predictions.attempts + excluded.attempts,
      updated_at = excluded.updated_at
    WHERE predictions.status = 'error'`).run(runId, questionId, pass, JSON.stringify(prompt), attempts, error, now, now);
}

/** A unit's outcome from its prediction row `p` (null when not asked yet); the export reads it too. */
export const OUTCOME_SQL = `CASE WHEN p.id IS NULL THEN 'pending' WHEN p.status = 'error' THEN 'error' WHEN p.correct = 1 THEN 'correct'
  WHEN p.corrected IS NULL AND p.extraction IN ('failed', 'unanswerable') THEN 'failed' ELSE 'wrong' END`;

export interface Joined {
  id: number | null; position: number; question_id: number; item_id: number; pass: number; role: Role; text: string; gold: string;
  outcome: PredictionOutcome; extracted: string | null; extraction: ExtractionPath | null; corrected: string | null; raw: string | null;
  error: string | null; cached: number | null; latency_ms: number | null;
}

const JOINED_FROM = `FROM run_units u JOIN questions q ON q.id = u.question_id
  LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass`;
const JOINED_COLUMNS = `p.id, u.position, u.question_id, q.item_id, u.pass, q.role, q.text, u.answer AS gold, ${OUTCOME_SQL} AS outcome,
  p.extracted, p.extraction, p.corrected, p.raw, p.error, p.cached, p.latency_ms`;

/** The item join a read rule needs (it names `i`), only when there is one. */
const itemJoin = (rule: SqlClause | null) => (rule ? 'JOIN items i ON i.id = q.item_id' : '');

/** A page of a run's predictions; `rule` (a caller's draft read rule on `q` and `i`) leaves out what they may not read. */
export function predictionPage(db: Db, runId: number, filter: { outcome?: PredictionOutcome; extraction?: ExtractionPath }, offset: number,
  limit: number, rule: SqlClause | null): { total: number; rows: Joined[] } {
  const clauses = ['u.run_id = ?'];
  const params: unknown[] = [runId];
  if (filter.outcome) { clauses.push(`${OUTCOME_SQL} = ?`); params.push(filter.outcome); }
  if (filter.extraction) { clauses.push('p.extraction = ?'); params.push(filter.extraction); }
  if (rule) { clauses.push(rule.sql); params.push(...rule.params); }
  const from = `${JOINED_FROM} ${itemJoin(rule)} WHERE ${clauses.join(' AND ')}`;
  const total = Number(db.prepare(`SELECT count(*) ${from}`).pluck().get(...params));
  const rows = db.prepare<unknown[], Joined>(`SELECT ${JOINED_COLUMNS} ${from} ORDER BY u.position LIMIT ? OFFSET ?`)
    .all(...params, limit, offset);
  return { total, rows };
}

/** Whether a question passes a caller's draft read rule (`rule` on `q` and `i`). */
export function questionReadable(db: Db, questionId: number, rule: SqlClause): boolean {
  return db.prepare(`SELECT 1 FROM questions q JOIN items i ON i.id = q.item_id WHERE q.id = ? AND ${rule.sql}`).get(questionId, ...rule.params) !== undefined;
}

export interface DetailRow extends Joined {
  options: string; prompt: string | null; judge: string; tokens_in: number | null; tokens_out: number | null; cost: number | null;
  attempts: number; corrected_by: string | null; run_id: number;
}

export function predictionDetailRow(db: Db, id: number): DetailRow | undefined {
  return db.prepare<[number], DetailRow>(`SELECT ${JOINED_COLUMNS}, u.options, p.prompt, p.judge, p.tokens_in, p.tokens_out, p.cost, p.attempts, p.corrected_by, p.run_id
    ${JOINED_FROM} WHERE p.id = ?`).get(id);
}

export interface CorrectableRow { run_id: number; status: string; raw: string | null; extracted: string | null; options: string; answer: string;
  type: QuestionType; meta: string; }

export function correctableRow(db: Db, id: number): CorrectableRow | undefined {
  return db.prepare<[number], CorrectableRow>(`SELECT p.run_id, p.status, p.raw, p.extracted, u.options, u.answer, q.type, q.meta FROM predictions p
      JOIN run_units u ON u.run_id = p.run_id AND u.question_id = p.question_id AND u.pass = p.pass
      JOIN questions q ON q.id = p.question_id WHERE p.id = ?`).get(id);
}

export function writeCorrection(db: Db, id: number, label: string | null, userId: string | null, correct: boolean, now: string): void {
  db.prepare('UPDATE predictions SET corrected = ?, corrected_by = ?, correct = ?, updated_at = ? WHERE id = ?')
    .run(label, label === null ? null : userId, correct ? 1 : 0, now, id);
}

export function answeredCount(db: Db, runId: number): number {
  return Number(db.prepare("SELECT count(*) FROM predictions WHERE run_id = ? AND status = 'answered'").pluck().get(runId));
}

/** A stored reply with what re-reading it needs. */
export interface StoredReply {
  question_id: number; pass: number; status: 'answered' | 'error'; raw: string | null; extracted: string | null;
  prompt: string | null; error: string | null; tokens_in: number | null; tokens_out: number | null; latency_ms: number | null;
  cost: number | null; attempts: number; type: QuestionType; meta: string; options: string; answer: string;
}

export function storedReplies(db: Db, runId: number): StoredReply[] {
  return db.prepare<[number], StoredReply>(`SELECT p.question_id, p.pass, p.status, p.raw, p.extracted, p.prompt, p.error, p.tokens_in, p.tokens_out,
    p.latency_ms, p.cost, p.attempts, q.type, q.meta, u.options, u.answer
  FROM predictions p JOIN run_units u ON u.run_id = p.run_id AND u.question_id = p.question_id AND u.pass = p.pass
  JOIN questions q ON q.id = p.question_id WHERE p.run_id = ? ORDER BY u.position`).all(runId);
}

export interface ToolkitRow { question_id: number; correct: number; extracted: string | null; toolkit: string | null }

export function toolkitRows(db: Db, runId: number): ToolkitRow[] {
  return db.prepare<[number], ToolkitRow>(`SELECT question_id, correct, extracted, toolkit FROM predictions
    WHERE run_id = ? AND status = 'answered' ORDER BY question_id, pass`).all(runId);
}

interface CountsRow {
  answered: number; errors: number; correct: number; failed: number; cached: number; tokens_in: number; tokens_out: number; cost: number | null; costs: number;
}

const COUNTS_SQL = `SELECT coalesce(sum(status = 'answered'), 0) AS answered, coalesce(sum(status = 'error'), 0) AS errors,
    coalesce(sum(correct = 1), 0) AS correct,
    coalesce(sum(status = 'answered' AND corrected IS NULL AND extraction IN ('failed', 'unanswerable')), 0) AS failed,
    coalesce(sum(cached), 0) AS cached, coalesce(sum(tokens_in), 0) AS tokens_in, coalesce(sum(tokens_out), 0) AS tokens_out,
    sum(cost) AS cost, count(cost) AS costs
  FROM predictions WHERE run_id = ?`;

/** Counted from one run's predictions (its index), never from the whole table: the cost follows the run, not the project. */
export function runCounts(db: Db, runId: number): RunCounts {
  // An aggregate without GROUP BY always yields its one row.
  const r = db.prepare<[number], CountsRow>(COUNTS_SQL).get(runId)!;
  return {
    answered: r.answered, errors: r.errors, correct: r.correct, failed: r.failed, cached: r.cached,
    tokensIn: r.tokens_in, tokensOut: r.tokens_out, cost: r.costs > 0 ? r.cost : null,
  };
}
