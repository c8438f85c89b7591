import type { Db } from '../db/open';
import { AppError } from '../errors';

/** All SQL of graded open answers (METHODS §5.1): gradings, their grades and a person's overrides. */

export interface GradingRow {
  id: number; run_id: number; grader: string; model: string; endpoint: string; repeats: number;
  status: 'running' | 'done' | 'failed' | 'cancelled'; error: string | null; created_at: string; finished_at: string | null;
}

export interface NewGrading { runId: number; grader: string; model: string; endpoint: string; repeats: number; userId: string | null; now: string }

export function insertGrading(db: Db, g: NewGrading): number {
  return Number(db.prepare(`INSERT INTO gradings (run_id, grader, model, endpoint, repeats, status, created_by, created_at)
    VALUES (?, ?, ?, ?, ?, 'running', ?, ?)`).run(g.runId, g.grader, g.model, g.endpoint, g.repeats, g.userId, g.now).lastInsertRowid);
}

export function gradingRow(db: Db, id: number): GradingRow {
  const row = db.prepare<[number], GradingRow>('SELECT * FROM gradings WHERE id = ?').get(id);
  if (!row) throw new AppError('not_found', `grading ${id} does not exist`);
  return row;
}

export function gradingIdsOf(db: Db, runId: number): number[] {
  return db.prepare<[number], number>('SELECT id FROM gradings WHERE run_id = ? ORDER BY id DESC').pluck().all(runId);
}

export function setGradingStatus(db: Db, id: number, status: GradingRow['status'], error: string | null, now: string): void {
  db.prepare('UPDATE gradings SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(status, error, now, id);
}

/** A run's first-pass units with their question and answer, in the run's order: what a grading may grade. */
export interface TargetRow {
  question_id: number; text: string; type: 'multiple-choice' | 'open'; meta: string; answer: string; raw: string | null; status: string | null;
}

export function targetRows(db: Db, runId: number): TargetRow[] {
  return db.prepare<[number], TargetRow>(`SELECT u.question_id, q.text, q.type, q.meta, u.answer, p.raw, p.status FROM run_units u
    JOIN questions q ON q.id = u.question_id
    LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass
    WHERE u.run_id = ? AND u.pass = 0 ORDER BY u.position`).all(runId);
}

export interface GradeRecord {
  questionId: number; repeat: number; score: number | null; tries: unknown[]; calls: number; cachedCalls: number; cost: number | null;
}

export function insertGrade(db: Db, gradingId: number, g: GradeRecord, now: string): void {
  db.prepare(`INSERT OR REPLACE INTO grades (grading_id, question_id, repeat, score, tries, calls, cached_calls, cost, at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(gradingId, g.questionId, g.repeat, g.score, JSON.stringify(g.tries), g.calls, g.cachedCalls, g.cost, now);
}

export interface GradeRow { question_id: number; repeat: number; score: number | null; tries: string }

export function gradeRows(db: Db, gradingId: number): GradeRow[] {
  return db.prepare<[number], GradeRow>('SELECT question_id, repeat, score, tries FROM grades WHERE grading_id = ? ORDER BY question_id, repeat').all(gradingId);
}

export interface CallTotals { calls: number; cached: number; cost: number | null }

export function callTotals(db: Db, gradingId: number): CallTotals {
  return db.prepare<[number], CallTotals>(`SELECT coalesce(sum(calls), 0) AS calls, coalesce(sum(cached_calls), 0) AS cached, sum(cost) AS cost
    FROM grades WHERE grading_id = ?`).get(gradingId)!;
}

export interface OverrideRow { question_id: number; score: number; note: string | null; overridden_by: string | null; overridden_at: string }

export function overrideRows(db: Db, gradingId: number): OverrideRow[] {
  return db.prepare<[number], OverrideRow>('SELECT question_id, score, note, overridden_by, overridden_at FROM grade_overrides WHERE grading_id = ?').all(gradingId);
}

export function setOverride(db: Db, gradingId: number, questionId: number, o: { score: number; note: string | null; by: string | null; at: string }): void {
  db.prepare(`INSERT OR REPLACE INTO grade_overrides (grading_id, question_id, score, note, overridden_by, overridden_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .run(gradingId, questionId, o.score, o.note, o.by, o.at);
}

export function clearOverride(db: Db, gradingId: number, questionId: number): void {
  db.prepare('DELETE FROM grade_overrides WHERE grading_id = ? AND question_id = ?').run(gradingId, questionId);
}
