import type { QuestionType, Role } from '@shared/contract';
import type { Db } from '../../db/open';
import { statement } from '../../db/statements';

/** The SQL of the reports' reads of questions, units and predictions (issue 21: SQL in the domain's store). */

export interface QuestionRow {
  id: number; item_id: number; ext_id: string; role: Role; type: QuestionType; text: string; answer: string; q_meta: string; i_meta: string;
  source: string | null; category: string | null; l2_category: string | null; subject: string | null; split: string | null;
}

export interface UnitRow {
  question_id: number; pass: number; flag: string | null;
  status: 'answered' | 'error' | null; correct: number | null; extracted: string | null; corrected: string | null; extraction: string | null;
}

// Two reads instead of one join: a question's text and metadata once, not once per CircularEval pass.
const QUESTION_COLUMNS = `q.id, q.item_id, i.ext_id, q.role, q.type, q.text, q.answer, q.meta AS q_meta, i.meta AS i_meta,
    i.source, i.category, i.l2_category, i.subject, i.split`;
const QUESTION_SQL = `SELECT ${QUESTION_COLUMNS} FROM questions q JOIN items i ON i.id = q.item_id
  WHERE q.id IN (SELECT question_id FROM run_units WHERE run_id = @run)`;
// A page of rows starts from its question ids, so it reads those units by key instead of scanning the run (CROSS JOIN
// keeps that order: left to itself the planner scans the run and probes the id list).
const PAGE_QUESTION_SQL = `SELECT ${QUESTION_COLUMNS} FROM json_each(@ids) j JOIN questions q ON q.id = j.value JOIN items i ON i.id = q.item_id`;

const UNIT_COLUMNS = 'u.question_id, u.pass, u.flag, p.status, p.correct, p.extracted, p.corrected, p.extraction';
const PREDICTION_JOIN = 'LEFT JOIN predictions p ON p.run_id = u.run_id AND p.question_id = u.question_id AND p.pass = u.pass';
const UNIT_SQL = `SELECT ${UNIT_COLUMNS} FROM run_units u ${PREDICTION_JOIN} WHERE u.run_id = @run ORDER BY u.position`;
const PAGE_UNIT_SQL = `SELECT ${UNIT_COLUMNS} FROM json_each(@ids) j CROSS JOIN run_units u ON u.run_id = @run AND u.question_id = j.value
  ${PREDICTION_JOIN} ORDER BY u.position`;

const PAGE_TEXT_SQL = 'SELECT q.id, q.item_id, q.role, q.text, q.answer FROM json_each(@ids) j JOIN questions q ON q.id = j.value';
export const runQuestionRows = (db: Db, runId: number) => statement<[{ run: number }], QuestionRow>(db, QUESTION_SQL).all({ run: runId });
export const pageQuestionRows = (db: Db, ids: readonly number[]) =>
  statement<[{ ids: string }], QuestionRow>(db, PAGE_QUESTION_SQL).all({ ids: JSON.stringify(ids) });
// A run's questions in the order of their first unit, as UNIT_SQL meets them (loadScoredInSlices reads them by pages).
const RUN_QUESTION_IDS_SQL = 'SELECT question_id FROM run_units WHERE run_id = ? GROUP BY question_id ORDER BY min(position)';
export const runQuestionIds = (db: Db, runId: number) => statement<[number], number>(db, RUN_QUESTION_IDS_SQL).pluck().all(runId);
export const runUnitRows = (db: Db, runId: number) => statement<[{ run: number }], UnitRow>(db, UNIT_SQL).all({ run: runId });
export const pageUnitRows = (db: Db, runId: number, ids: readonly number[]) =>
  statement<[{ run: number; ids: string }], UnitRow>(db, PAGE_UNIT_SQL).all({ run: runId, ids: JSON.stringify(ids) });

/** A page's question as its raw row (no object a row: a comparison page reads 100 of them on every first open). */
export type PageTextRow = [id: number, itemId: number, role: Role, text: string, answer: string];
export const pageTextRows = (db: Db, ids: readonly number[]) =>
  statement<[{ ids: string }], PageTextRow>(db, PAGE_TEXT_SQL).raw(true).all({ ids: JSON.stringify(ids) });

/** A run's asked passes with what the official scorers read: the options and gold as asked, and the raw reply. */
export interface OfficialPassRow { question_id: number; pass: number; type: QuestionType; options: string; answer: string; raw: string | null }
const OFFICIAL_PASS_SQL = `SELECT u.question_id, u.pass, q.type, u.options, u.answer, p.raw FROM run_units u JOIN questions q ON q.id = u.question_id
  ${PREDICTION_JOIN} WHERE u.run_id = @run ORDER BY u.position`;
export const runOfficialPassRows = (db: Db, runId: number) => statement<[{ run: number }], OfficialPassRow>(db, OFFICIAL_PASS_SQL).all({ run: runId });
