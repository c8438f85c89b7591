import type { Option, Role, RunConfigParsed, RunStatus, RunSummary } from '@shared/contract';
import { circularPasses } from '@shared/scoring/circular';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { storedRunCounts, summaryChanged, type StoredCounts } from './summary-hook';
import { questionWhere } from '../services/questions';
import { configHash, type FrozenConfig } from './config';
import { runCounts } from './counts';
import { runConfig, type RunRow } from './store/runs';

export { runConfig, runRow, type RunRow } from './store/runs';

interface SelectedQuestion {
  id: number; type: 'multiple-choice' | 'open'; options: string; answer: string;
}

/** The questions a configuration selects, in browse order (dataset file order, then origin → perception → knowledge). */
export function selectQuestions(db: Db, selection: FrozenConfig['selection']): SelectedQuestion[] {
  const w = questionWhere({ datasetId: selection.datasetId, ...selection.filter });
  const roles = selection.roles as Role[];
  const sql = `SELECT q.id, q.type, q.options, q.answer FROM questions q JOIN items i ON i.id = q.item_id
    ${w.sql} AND q.role IN (SELECT value FROM json_each(?)) ORDER BY i.position, q.role_rank, q.id
    ${selection.limit !== null ? 'LIMIT ?' : ''}`;
  const params = [...w.params, JSON.stringify(roles), ...(selection.limit !== null ? [selection.limit] : [])];
  return db.prepare(sql).all(...params) as SelectedQuestion[];
}

export interface PlannedUnit { questionId: number; pass: number; options: Option[]; answer: string[]; flag: string | null }

/** Expands questions into the requests a run makes: k rotated passes per question under CircularEval. */
export function planUnits(questions: readonly SelectedQuestion[], circular: boolean): PlannedUnit[] {
  const units: PlannedUnit[] = [];
  for (const q of questions) {
    const options = JSON.parse(q.options) as Option[];
    const answer = JSON.parse(q.answer) as string[];
    if (circular && q.type === 'multiple-choice') {
      const plan = circularPasses(options, answer);
      for (const p of plan.passes) units.push({ questionId: q.id, pass: p.pass, options: p.options, answer: p.answer, flag: plan.flag });
    } else {
      units.push({ questionId: q.id, pass: 0, options, answer, flag: null });
    }
  }
  return units;
}

export function createRun(db: Db, input: RunConfigParsed, config: FrozenConfig, userId: string | null, now: Date): number {
  const dataset = db.prepare('SELECT name FROM datasets WHERE id = ?').pluck().get(input.datasetId) as string | undefined;
  if (dataset === undefined) throw new AppError('not_found', `dataset ${input.datasetId} does not exist`);
  const units = planUnits(selectQuestions(db, config.selection), config.circular);
  if (units.length === 0) throw new AppError('invalid_input', 'the selection has no questions; widen the roles or the filter');
  const model = config.endpoint?.model ?? input.model;
  const name = input.name?.trim() || `${input.model} · ${dataset}${config.circular ? ' · circular' : ''}${config.images ? '' : ' · no images'}`;
  return db.transaction(() => {
    const id = Number(db.prepare(`INSERT INTO runs (name, dataset_id, kind, endpoint, model, config, config_hash, status, created_by, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`).run(
      name, input.datasetId, config.kind, input.model, model, JSON.stringify(config), configHash(config), userId, now.toISOString(),
    ).lastInsertRowid);
    const insert = db.prepare('INSERT INTO run_units (run_id, position, question_id, pass, options, answer, flag) VALUES (?, ?, ?, ?, ?, ?, ?)');
    units.forEach((u, i) => insert.run(id, i, u.questionId, u.pass, JSON.stringify(u.options), JSON.stringify(u.answer), u.flag));
    return id;
  })();
}

/** An unfinished run with exactly this configuration, so `anchor eval` run twice continues instead of starting over. */
export function findResumable(db: Db, config: FrozenConfig): number | null {
  const id = db.prepare(`SELECT id FROM runs WHERE config_hash = ? AND status NOT IN ('done') ORDER BY id DESC LIMIT 1`)
    .pluck().get(configHash(config)) as number | undefined;
  return id ?? null;
}

/** A run that settles (done, paused, failed, cancelled) gets its summary in the same transaction (runs/summary-hook). */
export function setRunStatus(db: Db, id: number, status: RunRow['status'], error: string | null, now: Date | null): void {
  db.transaction(() => {
    db.prepare('UPDATE runs SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(status, error, now?.toISOString() ?? null, id);
    summaryChanged(db, id);
  })();
}

interface SummaryRow extends RunRow {
  dataset_name: string;
  lease_pid: number | null; lease_host: string | null; lease_since: string | null; lease_expires: number | null;
}

// Counters come from the run's stored summary; a run without a fresh one (running, or just changed) counts its own rows.
const SUMMARY_SQL = `SELECT r.*, d.name AS dataset_name,
    l.pid AS lease_pid, l.host AS lease_host, l.started_at AS lease_since, l.expires_at AS lease_expires
  FROM runs r JOIN datasets d ON d.id = r.dataset_id
  LEFT JOIN run_leases l ON l.run_id = r.id`;

export type LiveInfo = NonNullable<RunSummary['live']>;

/** A run's counters from its fresh stored summary, else from its own rows. */
function countsOf(db: Db, id: number, stored: ReadonlyMap<number, StoredCounts>): StoredCounts {
  const found = stored.get(id);
  if (found) return found;
  const units = db.prepare('SELECT count(*) FROM run_units WHERE run_id = ?').pluck().get(id) as number;
  return { ...runCounts(db, id), units };
}

/** The process executing the run when it is not this one: its lease is still valid. */
function executorOf(r: Pick<SummaryRow, 'lease_pid' | 'lease_host' | 'lease_since' | 'lease_expires'>, live: LiveInfo | null, nowMs: number): RunSummary['executor'] {
  if (live || r.lease_pid === null || r.lease_expires === null || r.lease_expires <= nowMs) return null;
  return { pid: r.lease_pid, host: r.lease_host ?? '', since: r.lease_since ?? '' };
}

/** The status people see: executed elsewhere is live there; "running" in the file with nobody holding it was interrupted. */
export function shownStatus(r: Pick<SummaryRow, 'status' | 'kind' | 'lease_pid' | 'lease_host' | 'lease_since' | 'lease_expires'>, live: LiveInfo | null, nowMs: number) {
  const executor = executorOf(r, live, nowMs);
  const status: RunStatus = executor ? 'running' : r.status === 'running' && !live && r.kind !== 'human' ? 'interrupted' : r.status;
  return { status, executor };
}

function toSummary(r: SummaryRow, c: StoredCounts, live: LiveInfo | null, nowMs: number): RunSummary {
  const config = runConfig(r);
  const { status, executor } = shownStatus(r, live, nowMs);
  return {
    id: r.id, name: r.name, datasetId: r.dataset_id, datasetName: r.dataset_name, kind: r.kind, model: r.model, endpoint: r.endpoint,
    templateName: config.template.name, templateHash: config.templateHash, circular: config.circular, images: config.images, vrpClarification: config.vrpClarification ?? false,
    status, error: r.error, createdAt: r.created_at, finishedAt: r.finished_at, units: c.units,
    answered: c.answered, errors: c.errors, correct: c.correct, failedExtraction: c.failed, cached: c.cached,
    tokensIn: c.tokensIn, tokensOut: c.tokensOut, cost: c.cost, live, executor,
  };
}

/** Runs people started; the few-shot runs a TP-Eval optimisation makes are listed with the optimisation instead. */
export function listRuns(db: Db, live: (id: number) => LiveInfo | null, nowMs: number): RunSummary[] {
  const rows = db.prepare(`${SUMMARY_SQL} WHERE r.optimization_id IS NULL ORDER BY r.id DESC`).all() as SummaryRow[];
  const stored = storedRunCounts(db);
  return rows.map((r) => toSummary(r, countsOf(db, r.id, stored), live(r.id), nowMs));
}

export function runSummary(db: Db, id: number, live: LiveInfo | null, nowMs: number): RunSummary {
  const row = db.prepare(`${SUMMARY_SQL} WHERE r.id = ?`).get(id) as SummaryRow | undefined;
  if (!row) throw new AppError('not_found', `run ${id} does not exist`);
  return toSummary(row, countsOf(db, id, storedRunCounts(db, id)), live, nowMs);
}

export function deleteRun(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM runs WHERE id = ?').run(id).changes > 0;
}
