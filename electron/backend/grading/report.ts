import type { GradeRow as GradeRowOut, Grading, GradingReport } from '@shared/contract';
import { scoreGraded, type GradedQuestion } from '@shared/scoring/graded-report';
import { jsonColumn } from '../db/json-column';
import type { Db } from '../db/open';
import type { GradeTry } from '../engine/grade';
import { callTotals, gradeRows, gradingIdsOf, gradingRow, overrideRows, targetRows, type GradeRow, type OverrideRow } from './store';
import { gradeTargets, type GradeTarget } from './targets';

export function gradingSummary(db: Db, id: number): Grading {
  const row = gradingRow(db, id);
  const totals = callTotals(db, id);
  const unanswered = gradeTargets(targetRows(db, row.run_id)).filter((t) => t.prediction === null).length;
  return {
    id: row.id, runId: row.run_id, grader: row.grader, model: row.model, repeats: row.repeats, status: row.status, error: row.error,
    createdAt: row.created_at, finishedAt: row.finished_at, unanswered, calls: totals.calls, cachedCalls: totals.cached, cost: totals.cost,
  };
}

export const gradingsOfRun = (db: Db, runId: number): Grading[] => gradingIdsOf(db, runId).map((id) => gradingSummary(db, id));

interface Loaded { targets: GradeTarget[]; grades: Map<number, GradeRow[]>; overrides: Map<number, OverrideRow> }

function load(db: Db, id: number): Loaded {
  const row = gradingRow(db, id);
  const grades = new Map<number, GradeRow[]>();
  for (const g of gradeRows(db, id)) grades.set(g.question_id, [...(grades.get(g.question_id) ?? []), g]);
  return {
    targets: gradeTargets(targetRows(db, row.run_id)).filter((t) => t.prediction !== null),
    grades, overrides: new Map(overrideRows(db, id).map((o) => [o.question_id, o])),
  };
}

/** MM-Vet's scores of a grading (METHODS §5.1) over the questions the run answered. */
export function gradingReport(db: Db, id: number): GradingReport {
  const grading = gradingSummary(db, id);
  const { targets, grades, overrides } = load(db, id);
  const questions: GradedQuestion[] = targets.map((t) => {
    const byRepeat = new Map((grades.get(t.questionId) ?? []).map((g) => [g.repeat, g.score]));
    return {
      capabilities: t.capabilities,
      grades: Array.from({ length: grading.repeats }, (_, r) => byRepeat.get(r) ?? null),
      override: overrides.get(t.questionId)?.score ?? null,
    };
  });
  return { grading, ...scoreGraded(questions, grading.repeats) };
}

/** Every grade with its tries' prompts and replies (read rarely: a person checking the grader). */
export function gradeList(db: Db, id: number): GradeRowOut[] {
  const { targets, grades, overrides } = load(db, id);
  return targets.map((t) => {
    const o = overrides.get(t.questionId);
    return {
      questionId: t.questionId, question: t.question, groundTruth: t.groundTruth, prediction: t.prediction ?? '', capabilities: t.capabilities,
      // The tries this domain wrote as JSON in insertGrade.
      grades: (grades.get(t.questionId) ?? []).map((g) => ({ repeat: g.repeat, score: g.score, tries: jsonColumn<GradeTry[]>(g.tries) })),
      override: o ? { score: o.score, note: o.note, by: o.overridden_by, at: o.overridden_at } : null,
    };
  });
}
