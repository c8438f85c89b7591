import type { QuestionType } from '@shared/contract';
import { ruleOf } from '@shared/scoring/rules';
import type { Level } from '@shared/vrp/relations';
import type { Db } from '../../db/open';
import { readAnswer, readOptions } from '../../items/columns';
import type { Unit } from '../../engine/request';
import type { ReadClause } from '../../items/questions';

interface UnitRow {
  question_id: number; pass: number; options: string; answer: string; item_id: number; type: QuestionType; text: string; hint: string | null;
  meta: string;
  vrp_level: Level | null;
}

/** A run's units the engine is to ask: each not answered yet, or (`errors`) each that failed. */
export function loadUnits(db: Db, runId: number, which: 'unanswered' | 'errors'): Unit[] {
  const filter = which === 'unanswered' ? 'p.id IS NULL' : "p.status = 'error'";
  const rows = db.prepare<[number], UnitRow>(`SELECT u.question_id, u.pass, u.options, u.answer, q.item_id, q.type, q.text, q.hint, q.meta,
      (SELECT v.level FROM variants v WHERE v.item_id = q.item_id) AS vrp_level
      FROM run_units u JOIN questions q ON q.id = u.question_id
      LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass
      WHERE u.run_id = ? AND ${filter} ORDER BY u.position`).all(runId);
  const imagesOf = db.prepare<[number], Unit['images'][number]>(`SELECT im.hash, im.mime, im.width, im.height FROM item_images ii JOIN images im ON im.hash = ii.image_hash
      WHERE ii.item_id = ? ORDER BY ii.position`);
  const byItem = new Map<number, Unit['images']>();
  return rows.map((r) => {
    let images = byItem.get(r.item_id);
    if (!images) byItem.set(r.item_id, (images = imagesOf.all(r.item_id)));
    return {
      questionId: r.question_id, pass: r.pass, itemId: r.item_id, type: r.type, rule: ruleOf(r.type, r.meta), text: r.text, hint: r.hint,
      options: readOptions(r.options), answer: readAnswer(r.answer), images, vrpLevel: r.vrp_level,
    };
  });
}

const PENDING_FROM = `FROM run_units u JOIN questions q ON q.id = u.question_id
    LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass`;

/** Unanswered units of a run; with a caller's draft read rule (on `q` and `i`), only those they may read. */
function pending(rule: ReadClause | null): { sql: string; params: unknown[] } {
  if (!rule) return { sql: `${PENDING_FROM} WHERE u.run_id = ? AND p.id IS NULL`, params: [] };
  return { sql: `${PENDING_FROM} JOIN items i ON i.id = q.item_id WHERE u.run_id = ? AND p.id IS NULL AND ${rule.sql}`, params: rule.params };
}

export interface PendingUnitRow { question_id: number; pass: number; position: number; options: string; item_id: number; text: string; hint: string | null }

/** The first unit of the run nobody has answered yet (of those `rule` lets the caller read), in run order. */
export function firstPendingUnit(db: Db, runId: number, rule: ReadClause | null = null): PendingUnitRow | undefined {
  const w = pending(rule);
  return db.prepare<unknown[], PendingUnitRow>(`SELECT u.question_id, u.pass, u.position, u.options, q.item_id, q.text, q.hint ${w.sql} ORDER BY u.position LIMIT 1`)
    .get(runId, ...w.params);
}

/** Units of the run with no prediction yet (of those `rule` lets the caller read). */
export function pendingUnitCount(db: Db, runId: number, rule: ReadClause | null = null): number {
  const w = pending(rule);
  return Number(db.prepare(`SELECT count(*) ${w.sql}`).pluck().get(runId, ...w.params));
}

export interface GradedUnitRow { options: string; answer: string; type: QuestionType; meta: string }

/** One unit with what grading a person's answer needs. */
export function gradedUnit(db: Db, runId: number, questionId: number, pass: number): GradedUnitRow | undefined {
  return db.prepare<[number, number, number], GradedUnitRow>(`SELECT u.options, u.answer, q.type, q.meta FROM run_units u JOIN questions q ON q.id = u.question_id
      WHERE u.run_id = ? AND u.question_id = ? AND u.pass = ?`).get(runId, questionId, pass);
}
