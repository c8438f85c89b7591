import type { RunSummary, ToolkitComparison } from '@shared/contract';
import type { CallContext } from '../dispatch';
import { AppError } from '../errors';
import type { ReadRules } from '../items/handlers';
import type { ReadClause } from '../items/questions';
import { questionReadable } from './store/predictions';
import type { Db } from '../db/open';

/** What runs ask of the team's read rules (handed in by `handlers.ts`: runs stand beside the team, not above it). */
export type RunReadRules = Pick<ReadRules, 'questions' | 'everything'>;

/** A human baseline still being taken: whether each answer was right is the leads' until it ends (DECISIONS 101). */
export function humanRunOpen(run: Pick<RunSummary, 'kind' | 'status'>): boolean {
  return run.kind === 'human' && run.status !== 'done';
}

/** A run's summary as a caller who is not a lead may read it: an open human baseline's scores read 0, flagged. */
export function withheldScores(run: RunSummary, everything: boolean): RunSummary {
  if (everything || !humanRunOpen(run)) return run;
  return { ...run, correct: 0, failedExtraction: 0, scoresWithheld: true };
}

/** Refuses per-question reads of an open human baseline (gold and right or wrong); asked only for callers who are not leads. */
export function refuseOpenHumanRun(run: Pick<RunSummary, 'kind' | 'status' | 'id'>): void {
  if (humanRunOpen(run)) {
    throw new AppError('forbidden', `run ${run.id} is a human baseline still being taken: its answers, gold and scores are shown once it is finished`);
  }
}

/** Refuses a question whose triplet draft the caller may not read (`rule` null: they read every one). */
export function requireQuestionReadable(db: Db, questionId: number, rule: ReadClause | null): void {
  if (rule && !questionReadable(db, questionId, rule)) {
    throw new AppError('forbidden', 'this question belongs to a triplet draft you may not read');
  }
}

/** The rules as one caller's: the SQL rule on questions and whether they read everything. */
export function callerRules(rules: RunReadRules, ctx: CallContext): { rule: ReadClause | null; everything: boolean } {
  return { rule: rules.questions(ctx), everything: rules.everything(ctx) };
}

/** A toolkit comparison without the disagreements on drafts the caller may not read; its counts stay whole-run. */
export function readableToolkitRows(db: Db, c: ToolkitComparison | null, rule: ReadClause | null): ToolkitComparison | null {
  if (!c || !rule) return c;
  return { ...c, disagreements: c.disagreements.filter((d) => questionReadable(db, d.questionId, rule)) };
}
