import type { Db } from '../db/open';

/** A run's request counters as the run list shows them: answered, failed, cached, tokens and cost. */
export interface RunCounts {
  answered: number; errors: number; correct: number; failed: number; cached: number;
  tokensIn: number; tokensOut: number; cost: number | null;
}

const COUNTS_SQL = `SELECT coalesce(sum(status = 'answered'), 0) AS answered, coalesce(sum(status = 'error'), 0) AS errors,
    coalesce(sum(correct = 1), 0) AS correct,
    coalesce(sum(status = 'answered' AND corrected IS NULL AND extraction IN ('failed', 'unanswerable')), 0) AS failed,
    coalesce(sum(cached), 0) AS cached, coalesce(sum(tokens_in), 0) AS tokens_in, coalesce(sum(tokens_out), 0) AS tokens_out,
    sum(cost) AS cost, count(cost) AS costs
  FROM predictions WHERE run_id = ?`;

/** Counted from one run's predictions (its index), never from the whole table: the cost follows the run, not the project. */
export function runCounts(db: Db, runId: number): RunCounts {
  const r = db.prepare(COUNTS_SQL).get(runId) as {
    answered: number; errors: number; correct: number; failed: number; cached: number; tokens_in: number; tokens_out: number; cost: number | null; costs: number;
  };
  return {
    answered: r.answered, errors: r.errors, correct: r.correct, failed: r.failed, cached: r.cached,
    tokensIn: r.tokens_in, tokensOut: r.tokens_out, cost: r.costs > 0 ? r.cost : null,
  };
}
