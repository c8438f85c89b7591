import type { Candidate, Optimization } from '@shared/contract';
import type { Db } from '../db/open';
import { statement } from '../db/statements';
import { AppError } from '../errors';
import type { OptimizeConfig } from './config';

interface OptimizationRow {
  id: number; dataset_id: number; name: string; task: string; config: string; status: Optimization['status']; round: number;
  chosen_id: number | null; error: string | null; created_at: string; test_original: number | null; test_custom: number | null;
}

interface CandidateRow {
  id: number; round: number; slot: number; prompt: string; status: Candidate['status']; problem: string | null; run_id: number | null;
  accuracy: number | null; similarity: number | null; score: number | null; final_score: number | null; introspection: string | null;
  edits: number | null; budget: number | null; refused: string | null;
}

export function optimizationRow(db: Db, id: number): OptimizationRow & { frozen: OptimizeConfig } {
  const row = statement(db, 'SELECT * FROM optimizations WHERE id = ?').get(id) as OptimizationRow | undefined;
  if (!row) throw new AppError('not_found', `there is no optimisation ${id}`);
  return { ...row, frozen: frozenConfig(row.config) };
}

/** A stored configuration; ones frozen before scopes existed optimised the wrapper (or a prefix). */
export function frozenConfig(json: string): OptimizeConfig {
  const stored = JSON.parse(json) as Partial<OptimizeConfig> & Omit<OptimizeConfig, 'scope' | 'questionTemplate'>;
  return { ...stored, scope: stored.scope ?? (stored.mode === 'prefix' ? 'prefix' : 'wrapper'), questionTemplate: stored.questionTemplate ?? null };
}

/**
 * What an optimisation's results should be read with (METHODS §7.7): the lexical similarity stands in for the paper's
 * sentence embeddings, and a wrapper-only optimisation leaves the questions' own words as they are.
 */
export function configWarnings(config: Pick<OptimizeConfig, 'embeddings' | 'scope' | 'zeroShot'>): string[] {
  const warnings: string[] = [];
  if (!config.embeddings) {
    warnings.push('Similarity is lexical (shared words), not the paper\'s sentence embeddings: a paraphrase scores low. It weighs '
      + `${config.zeroShot ? 'all of the choice' : '20% of c while optimising and 40% of the final ranking'}; configure an embeddings endpoint (a local one serves a BERT-family model) to measure meaning.`);
  }
  if (config.scope === 'wrapper') warnings.push('The task\'s questions share no template (and none was declared): only the wording around {question} is optimised, not the questions\' own words.');
  return warnings;
}

export function createOptimization(db: Db, config: OptimizeConfig, task: string, userId: string | null, now: Date): number {
  const name = `${config.target} · ${task}`;
  return Number(statement(db, `INSERT INTO optimizations (dataset_id, name, task, config, status, created_by, created_at)
    VALUES (?, ?, ?, ?, 'running', ?, ?)`).run(config.datasetId, name, task, JSON.stringify(config), userId, now.toISOString()).lastInsertRowid);
}

export function setOptimizationStatus(db: Db, id: number, status: Optimization['status'], error: string | null, now: Date | null): void {
  statement(db, 'UPDATE optimizations SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(status, error, now?.toISOString() ?? null, id);
}

const toCandidate = (r: CandidateRow): Candidate => ({
  id: r.id, round: r.round, slot: r.slot, prompt: r.prompt, status: r.status, problem: r.problem, runId: r.run_id, accuracy: r.accuracy,
  similarity: r.similarity, score: r.score, finalScore: r.final_score, introspection: r.introspection, edits: r.edits, budget: r.budget,
  refused: r.refused ? (JSON.parse(r.refused) as Candidate['refused']) : [],
});

export function candidates(db: Db, optimizationId: number): Candidate[] {
  return (statement(db, 'SELECT * FROM opt_candidates WHERE optimization_id = ? ORDER BY round, slot').all(optimizationId) as CandidateRow[]).map(toCandidate);
}

export function insertCandidate(db: Db, optimizationId: number, c: {
  round: number; slot: number; prompt: string; status: Candidate['status']; problem: string | null; edits: number | null; budget: number | null;
  refused: Candidate['refused'];
}, now: string): Candidate {
  const id = Number(statement(db, `INSERT INTO opt_candidates (optimization_id, round, slot, prompt, status, problem, edits, budget, refused, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(optimizationId, c.round, c.slot, c.prompt, c.status, c.problem, c.edits, c.budget, JSON.stringify(c.refused), now).lastInsertRowid);
  return toCandidate(statement(db, 'SELECT * FROM opt_candidates WHERE id = ?').get(id) as CandidateRow);
}

export function updateCandidate(db: Db, id: number, patch: Partial<Pick<CandidateRow, 'status' | 'run_id' | 'accuracy' | 'similarity' | 'score' | 'final_score' | 'introspection'>>): void {
  const keys = Object.keys(patch) as (keyof typeof patch)[];
  if (keys.length === 0) return;
  db.prepare(`UPDATE opt_candidates SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...keys.map((k) => patch[k] ?? null), id);
}

/** An optimisation as screens and the CLI show it, with its calls and what they cost so far. */
export function optimizationSummary(db: Db, id: number): Optimization {
  const row = optimizationRow(db, id);
  const config = row.frozen;
  const all = candidates(db, id);
  const scored = all.filter((c) => c.status === 'scored' && c.score !== null);
  const best = [...scored].sort((a, b) => b.score! - a.score! || a.id - b.id)[0] ?? null;
  const helper = db.prepare('SELECT count(*) AS n, sum(cost) AS cost FROM opt_calls WHERE optimization_id = ?').get(id) as { n: number; cost: number | null };
  const target = db.prepare(`SELECT count(*) AS n, sum(p.cost) AS cost FROM predictions p JOIN runs r ON r.id = p.run_id
    WHERE r.optimization_id = ? AND p.cached = 0`).get(id) as { n: number; cost: number | null };
  const cost = helper.cost === null && target.cost === null ? null : (helper.cost ?? 0) + (target.cost ?? 0);
  return {
    id, name: row.name, datasetId: row.dataset_id, task: row.task, target: config.target, optimizer: config.optimizer, mode: config.mode,
    scope: config.scope, questionTemplate: config.questionTemplate, warnings: configWarnings(config),
    zeroShot: config.zeroShot, similarity: config.embeddings ? 'embeddings' : 'lexical', status: row.status, error: row.error, round: row.round,
    rounds: config.zeroShot ? 1 : config.params.rounds, p0: config.p0, best, chosen: all.find((c) => c.id === row.chosen_id) ?? null,
    fewSize: config.fewItemIds.length, calls: helper.n + target.n, cost, testOriginalRun: row.test_original, testCustomRun: row.test_custom,
    createdAt: row.created_at,
  };
}
