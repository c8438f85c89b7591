import { candidateSchema, taskColumns, type Candidate, type Optimization, type RoundReport, type TaskBy } from '@shared/contract';
import { mmmuSubject } from '@shared/optimize/mmmu-subjects';
import { jsonColumn } from '../db/json-column';
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
  const row = statement<[number], OptimizationRow>(db, 'SELECT * FROM optimizations WHERE id = ?').get(id);
  if (!row) throw new AppError('not_found', `there is no optimisation ${id}`);
  return { ...row, frozen: frozenConfig(row.config) };
}

/**
 * A stored configuration; ones frozen before scopes existed optimised the wrapper (or a prefix). Read as
 * `createOptimization` wrote it: the contract has no schema for it (it is the backend's own frozen form).
 */
export function frozenConfig(json: string): OptimizeConfig {
  type Caps = 'maxExamples' | 'maxWrong';
  type Stored = Partial<OptimizeConfig> & Omit<OptimizeConfig, 'scope' | 'questionTemplate' | 'similarity' | 'taskBy' | 'params'>
    & { params: Omit<OptimizeConfig['params'], Caps> & Partial<Pick<OptimizeConfig['params'], Caps>> };
  const stored = jsonColumn<Stored>(json);
  const { maxExamples = 10, maxWrong = 8 } = stored.params;
  return {
    ...stored, scope: stored.scope ?? (stored.mode === 'prefix' ? 'prefix' : 'wrapper'), questionTemplate: stored.questionTemplate ?? null,
    // Frozen before these were settings: similarity fell back to lexical silently, tasks were categories, and the
    // meta-prompt showed 10 examples and the analyzer 8 wrong answers; a resume asks exactly what it asked before.
    similarity: stored.similarity ?? (stored.embeddings ? 'embeddings' : 'lexical'), taskBy: stored.taskBy ?? 'category',
    params: { ...stored.params, maxExamples, maxWrong },
  };
}

/**
 * What an optimisation's results should be read with (METHODS §7.7): the lexical similarity stands in for the paper's
 * sentence embeddings, and a wrapper-only optimisation leaves the questions' own words as they are.
 */
export function configWarnings(config: Pick<OptimizeConfig, 'similarity' | 'scope' | 'zeroShot'>): string[] {
  const warnings: string[] = [];
  if (config.similarity === null) {
    warnings.push('No embeddings endpoint is configured, so the optimisation will not start: name one serving /v1/embeddings (a BERT-family '
      + 'model under vLLM, Ollama or a hosted API), as the paper measures meaning with a sentence encoder, or opt in to the lexical measure (shared words).');
  } else if (config.similarity === 'lexical') {
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

const refusals = candidateSchema.shape.refused;

/** `refused`: a slot's refused proposals. Read per candidate (tens per optimisation), so checked with the contract's schema. */
function readRefused(text: string | null): Candidate['refused'] {
  return text ? refusals.parse(JSON.parse(text)) : [];
}

const toCandidate = (r: CandidateRow): Candidate => ({
  id: r.id, round: r.round, slot: r.slot, prompt: r.prompt, status: r.status, problem: r.problem, runId: r.run_id, accuracy: r.accuracy,
  similarity: r.similarity, score: r.score, finalScore: r.final_score, introspection: r.introspection, edits: r.edits, budget: r.budget,
  refused: readRefused(r.refused),
});

export function candidates(db: Db, optimizationId: number): Candidate[] {
  return statement<[number], CandidateRow>(db, 'SELECT * FROM opt_candidates WHERE optimization_id = ? ORDER BY round, slot').all(optimizationId).map(toCandidate);
}

export function insertCandidate(db: Db, optimizationId: number, c: {
  round: number; slot: number; prompt: string; status: Candidate['status']; problem: string | null; edits: number | null; budget: number | null;
  refused: Candidate['refused'];
}, now: string): Candidate {
  const id = Number(statement(db, `INSERT INTO opt_candidates (optimization_id, round, slot, prompt, status, problem, edits, budget, refused, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(optimizationId, c.round, c.slot, c.prompt, c.status, c.problem, c.edits, c.budget, JSON.stringify(c.refused), now).lastInsertRowid);
  // The row was inserted just above, in the same call.
  return toCandidate(statement<[number], CandidateRow>(db, 'SELECT * FROM opt_candidates WHERE id = ?').get(id)!);
}

export function updateCandidate(db: Db, id: number, patch: Partial<Pick<CandidateRow, 'status' | 'run_id' | 'accuracy' | 'similarity' | 'score' | 'final_score' | 'introspection'>>): void {
  const keys = Object.keys(patch) as (keyof typeof patch)[];
  if (keys.length === 0) return;
  db.prepare(`UPDATE opt_candidates SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...keys.map((k) => patch[k] ?? null), id);
}

interface CallTotals { n: number; cost: number | null }

/** An optimisation as screens and the CLI show it, with its calls and what they cost so far. */
export function optimizationSummary(db: Db, id: number): Optimization {
  const row = optimizationRow(db, id);
  const config = row.frozen;
  const all = candidates(db, id);
  const scored = all.filter((c) => c.status === 'scored' && c.score !== null);
  const best = [...scored].sort((a, b) => b.score! - a.score! || a.id - b.id)[0] ?? null;
  // Aggregates without GROUP BY: each always yields its one row.
  const helper = db.prepare<[number], CallTotals>('SELECT count(*) AS n, sum(cost) AS cost FROM opt_calls WHERE optimization_id = ?').get(id)!;
  const target = db.prepare<[number], CallTotals>(`SELECT count(*) AS n, sum(p.cost) AS cost FROM predictions p JOIN runs r ON r.id = p.run_id
    WHERE r.optimization_id = ? AND p.cached = 0`).get(id)!;
  const cost = helper.cost === null && target.cost === null ? null : (helper.cost ?? 0) + (target.cost ?? 0);
  return {
    id, name: row.name, datasetId: row.dataset_id, task: row.task, target: config.target, optimizer: config.optimizer, mode: config.mode,
    scope: config.scope, questionTemplate: config.questionTemplate, warnings: configWarnings(config),
    zeroShot: config.zeroShot, similarity: config.similarity ?? 'lexical', taskBy: config.taskBy, roundReports: roundReports(all), perRound: config.params.perRound,
    status: row.status, error: row.error, round: row.round,
    rounds: config.zeroShot ? 1 : config.params.rounds, p0: config.p0, best, chosen: all.find((c) => c.id === row.chosen_id) ?? null,
    fewSize: config.fewItemIds.length, calls: helper.n + target.n, cost, testOriginalRun: row.test_original, testCustomRun: row.test_custom,
    createdAt: row.created_at,
  };
}

/** A dataset's items in file order with what can divide them into tasks: the source's id and the chosen column's value. */
interface TaskItemRow { id: number; split: string | null; ext_id: string; value: string | null }

/**
 * The dataset's items in file order, each with its value of `taskBy` (a resolved one: an item column named in
 * `taskColumns`, `meta.<key>`, or `mmmu-subject`). Column names are taken from that fixed list, never from the input.
 */
export function itemsByTask(db: Db, datasetId: number, taskBy: Exclude<TaskBy, 'auto'>): { id: number; split: string | null; task: string | null }[] {
  const column = taskColumns.find((c) => c === taskBy);
  // An imported file's own columns are kept in the item's meta (MMMU: at its top; TSV: under `extra`) or, for JSONL,
  // in its first question's meta under `extra`.
  const value = column ?? (taskBy.startsWith('meta.') ? `coalesce(json_extract(i.meta, ?), json_extract(i.meta, ?),
    (SELECT json_extract(q.meta, ?) FROM questions q WHERE q.item_id = i.id ORDER BY q.role_rank LIMIT 1))` : 'NULL');
  const key = `"${taskBy.slice(5)}"`;
  const params: unknown[] = taskBy.startsWith('meta.') ? [`$.extra.${key}`, `$.${key}`, `$.extra.${key}`, datasetId] : [datasetId];
  const rows = db.prepare<unknown[], TaskItemRow>(`SELECT i.id, i.split, i.ext_id, CAST(${value} AS TEXT) AS value FROM items i WHERE i.dataset_id = ? ORDER BY i.position`)
    .all(...params);
  return rows.map((r) => ({ id: r.id, split: r.split, task: taskBy === 'mmmu-subject' ? mmmuSubject(r.ext_id) : r.value }));
}

/**
 * Per round, from the stored candidates: every ask of a slot is its refused proposals and its final one, so asked =
 * refusals + candidates; the valid ones are those not rejected.
 */
export function roundReports(all: readonly Candidate[]): RoundReport[] {
  const rounds = [...new Set(all.filter((c) => c.round > 0).map((c) => c.round))].sort((a, b) => a - b);
  return rounds.map((round) => {
    const mine = all.filter((c) => c.round === round);
    const problems = mine.flatMap((c) => [...c.refused.map((r) => r.problem), ...(c.status === 'rejected' && c.problem ? [c.problem] : [])]);
    const counts = new Map<string, number>();
    // Over-budget refusals differ only by their numbers: counted as one reason.
    for (const p of problems.map((x) => x.replace(/^edits \d+ words; this round allows \d+$/, 'over the edit budget'))) counts.set(p, (counts.get(p) ?? 0) + 1);
    const valid = mine.filter((c) => c.status !== 'rejected').length;
    return {
      round, asked: mine.length + mine.reduce((n, c) => n + c.refused.length, 0), valid, rejected: problems.length,
      reasons: [...counts].map(([problem, count]) => ({ problem, count })).sort((a, b) => b.count - a.count || a.problem.localeCompare(b.problem)),
    };
  });
}

/** The task's items in file order, with their split: every item when task is null. */
export function taskItems(db: Db, datasetId: number, task: string | null, taskBy: Exclude<TaskBy, 'auto'>): { id: number; split: string | null }[] {
  const all = itemsByTask(db, datasetId, taskBy);
  return task === null ? all : all.filter((i) => (i.task ?? '') === task);
}

/** Whether every item of the dataset has an MMMU id of one of its 30 subjects (then its tasks are the subjects). */
export function isMmmuDataset(db: Db, datasetId: number): boolean {
  const ids = db.prepare<[number], string>('SELECT ext_id FROM items WHERE dataset_id = ?').pluck().all(datasetId);
  return ids.length > 0 && ids.every((id) => mmmuSubject(id) !== null);
}

/** The multiple-choice question texts of these items and roles, in item and role order. */
export function multipleChoiceTexts(db: Db, itemIds: readonly number[], roles: readonly string[]): string[] {
  return db.prepare<[string, string], string>(`SELECT text FROM questions WHERE item_id IN (SELECT value FROM json_each(?))
    AND role IN (SELECT value FROM json_each(?)) AND type = 'multiple-choice' ORDER BY item_id, role_rank`)
    .pluck().all(JSON.stringify(itemIds), JSON.stringify(roles));
}

export function datasetNameOf(db: Db, id: number): string | undefined {
  const name: unknown = db.prepare('SELECT name FROM datasets WHERE id = ?').pluck().get(id);
  return typeof name === 'string' ? name : undefined;
}

/** One helper call (optimizer, analyzer, embeddings) as it was sent, for the calls log and resuming. */
export interface CallRecord {
  candidateId: number | null; kind: 'optimizer' | 'analyzer' | 'embeddings'; model: string; prompt: string; reply: string | null;
  cached: boolean; tokensIn: number | null; tokensOut: number | null; cost: number | null;
}

export function insertCall(db: Db, optimizationId: number, row: CallRecord, at: string): void {
  statement(db, `INSERT INTO opt_calls (optimization_id, candidate_id, kind, model, prompt, reply, cached, tokens_in, tokens_out, cost, at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    optimizationId, row.candidateId, row.kind, row.model, row.prompt, row.reply, row.cached ? 1 : 0, row.tokensIn, row.tokensOut, row.cost, at,
  );
}

export function setRound(db: Db, id: number, round: number): void {
  statement(db, 'UPDATE optimizations SET round = ? WHERE id = ?').run(round, id);
}

export function setChosen(db: Db, id: number, candidateId: number | null): void {
  statement(db, 'UPDATE optimizations SET chosen_id = ? WHERE id = ?').run(candidateId, id);
}

export function setTestRuns(db: Db, id: number, originalRunId: number, customRunId: number): void {
  db.prepare('UPDATE optimizations SET test_original = ?, test_custom = ? WHERE id = ?').run(originalRunId, customRunId, id);
}

export function optimizationIds(db: Db, datasetId: number | undefined): number[] {
  return db.prepare<number[], number>(`SELECT id FROM optimizations ${datasetId === undefined ? '' : 'WHERE dataset_id = ?'} ORDER BY id DESC`)
    .pluck().all(...(datasetId === undefined ? [] : [datasetId]));
}

/** A wrong answer of a few-shot run, with its question, for the analyzer. */
export interface WrongRow { text: string; item_id: number; options: string; answer: string; raw: string | null }

/** `limit` null: every wrong answer (SQLite reads LIMIT -1 as none). */
export function wrongRows(db: Db, runId: number, limit: number | null): WrongRow[] {
  return db.prepare<[number, number], WrongRow>(`SELECT q.text, q.item_id, u.options, u.answer, p.raw FROM predictions p
    JOIN run_units u ON u.run_id = p.run_id AND u.question_id = p.question_id AND u.pass = p.pass JOIN questions q ON q.id = p.question_id
    WHERE p.run_id = ? AND (p.correct = 0 OR p.status = 'error') ORDER BY u.position LIMIT ?`).all(runId, limit ?? -1);
}

export interface ImageRow { hash: string; mime: string; width: number; height: number }

/** An item's images in order, through one prepared statement. */
export function itemImagesReader(db: Db): (itemId: number) => ImageRow[] {
  const imagesOf = db.prepare<[number], ImageRow>(`SELECT im.hash, im.mime, im.width, im.height FROM item_images ii JOIN images im ON im.hash = ii.image_hash
    WHERE ii.item_id = ? ORDER BY ii.position`);
  return (itemId) => imagesOf.all(itemId);
}

interface ExampleRow { text: string; options: string; answer: string }

export function exampleRows(db: Db, itemIds: readonly number[], roles: readonly string[], limit: number | null): ExampleRow[] {
  return db.prepare<[string, string, number], ExampleRow>(`SELECT q.text, q.options, q.answer FROM questions q JOIN items i ON i.id = q.item_id
    WHERE i.id IN (SELECT value FROM json_each(?)) AND q.role IN (SELECT value FROM json_each(?)) ORDER BY i.position, q.role_rank LIMIT ?`)
    .all(JSON.stringify(itemIds), JSON.stringify(roles), limit ?? -1);
}

/** Other finished optimisations with their chosen prompt's and p0's accuracy. */
interface FinishedRow { task: string; config: string; prompt: string; accuracy: number | null; base: number | null }

export function finishedOptimizations(db: Db, except: number): FinishedRow[] {
  return db.prepare<[number], FinishedRow>(`SELECT o.task, o.config, c.prompt, c.accuracy, c0.accuracy AS base FROM optimizations o
    JOIN opt_candidates c ON c.id = o.chosen_id JOIN opt_candidates c0 ON c0.optimization_id = o.id AND c0.round = 0
    WHERE o.status = 'done' AND o.id <> ? ORDER BY o.id`).all(except);
}

export interface HelperCallRow { kind: 'optimizer' | 'analyzer' | 'embeddings'; model: string; candidate_id: number | null; cached: number; tokens_in: number | null; tokens_out: number | null; cost: number | null; prompt: string; at: string }
export interface TargetCallRow { model: string; candidate_id: number | null; cached: number; tokens_in: number | null; tokens_out: number | null;
  cost: number | null; prompt: string | null; judge: string; at: string; }

/** Every call an optimisation made: its helpers' (opt_calls) and its few-shot runs' predictions. */
export function callRows(db: Db, id: number): { helper: HelperCallRow[]; target: TargetCallRow[] } {
  const helper = db.prepare<[number], HelperCallRow>(`SELECT kind, model, candidate_id, cached, tokens_in, tokens_out, cost, prompt, at FROM opt_calls
    WHERE optimization_id = ? ORDER BY id`).all(id);
  const target = db.prepare<[number], TargetCallRow>(`SELECT r.endpoint AS model, c.id AS candidate_id, p.cached, p.tokens_in, p.tokens_out, p.cost, p.prompt, p.judge, p.created_at AS at
    FROM predictions p JOIN runs r ON r.id = p.run_id LEFT JOIN opt_candidates c ON c.run_id = r.id
    WHERE r.optimization_id = ? ORDER BY p.id`).all(id);
  return { helper, target };
}

export interface EvaluatedRow { id: number; dataset_id: number; task: string; config: string; test_original: number; test_custom: number }

/** Evaluated optimisations, the latest evaluation first. */
export function evaluatedRows(db: Db): EvaluatedRow[] {
  return db.prepare<[], EvaluatedRow>(`SELECT o.id, o.dataset_id, o.task, o.config, o.test_original, o.test_custom FROM optimizations o
    WHERE o.test_original IS NOT NULL AND o.test_custom IS NOT NULL ORDER BY o.test_custom DESC, o.id DESC`).all();
}

/** What the owner confirmed an optimisation may continue with, per endpoint name (the newest one wins). */
export function latestOptimizationConfirmations(db: Db, id: number): Map<string, { model: string; urlFingerprint: string }> {
  const rows = db.prepare<[number], { name: string; model: string; url_fingerprint: string }>(
    'SELECT name, model, url_fingerprint FROM optimization_endpoint_confirmations WHERE optimization_id = ? ORDER BY id',
  ).all(id);
  return new Map(rows.map((r) => [r.name, { model: r.model, urlFingerprint: r.url_fingerprint }]));
}

export function insertOptimizationConfirmation(
  db: Db, id: number, name: string, confirmed: { model: string; urlFingerprint: string }, changes: string, userId: string | null, at: string,
): void {
  db.prepare(`INSERT INTO optimization_endpoint_confirmations (optimization_id, name, model, url_fingerprint, changes, confirmed_by, confirmed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(id, name, confirmed.model, confirmed.urlFingerprint, changes, userId, at);
}
