import type { Db } from '../db/open';
import { appendRevision } from '../db/revisions';
import { statement } from '../db/statements';
import { AppError } from '../errors';

/**
 * MMEvalPro's checkers "are not part of the annotation team" (METHODS §2): by default a person who annotates in a
 * dataset does not check in it. A lead may relax this per dataset (small teams); the relaxation and its reason are
 * kept in the dataset's meta and its history.
 */
export interface CheckerRule {
  relaxed: boolean;
  reason: string | null;
  by: string | null;
  at: string | null;
}

const STRICT: CheckerRule = { relaxed: false, reason: null, by: null, at: null };

function datasetMeta(db: Db, datasetId: number): Record<string, unknown> {
  const row = statement(db, 'SELECT meta FROM datasets WHERE id = ?').get(datasetId) as { meta: string } | undefined;
  if (!row) throw new AppError('not_found', `there is no dataset ${datasetId}`);
  return JSON.parse(row.meta) as Record<string, unknown>;
}

export function checkerRule(db: Db, datasetId: number): CheckerRule {
  const stored = datasetMeta(db, datasetId).checkerRule as CheckerRule | undefined;
  return stored ?? STRICT;
}

/** Relaxes or restores the rule for one dataset; relaxing needs a reason, and both are recorded. */
export function setCheckerRule(db: Db, by: string | null, input: { datasetId: number; relaxed: boolean; reason: string }, now: Date): CheckerRule {
  if (input.relaxed && !input.reason.trim()) throw new AppError('invalid_input', 'say why annotators may check in this dataset');
  return db.transaction(() => {
    const meta = datasetMeta(db, input.datasetId);
    const rule: CheckerRule = input.relaxed ? { relaxed: true, reason: input.reason.trim(), by, at: now.toISOString() } : STRICT;
    statement(db, 'UPDATE datasets SET meta = ? WHERE id = ?').run(JSON.stringify({ ...meta, checkerRule: rule }), input.datasetId);
    appendRevision(db, 'dataset', input.datasetId, by, now, input.relaxed ? 'relax-checker-rule' : 'restore-checker-rule', { reason: input.reason.trim() || null });
    return rule;
  })();
}

/** Everyone who annotates an item of the dataset (but the items being reassigned), and those about to. */
function annotatorsOf(db: Db, datasetId: number, extra: readonly string[], except: readonly number[]): Set<string> {
  const stored = db.prepare(`SELECT DISTINCT a.annotator_id FROM assignments a JOIN items i ON i.id = a.item_id
    WHERE i.dataset_id = ? AND a.item_id NOT IN (SELECT value FROM json_each(?))`).pluck().all(datasetId, JSON.stringify(except)) as string[];
  return new Set([...stored, ...extra]);
}

/** Everyone who checks an item of the dataset (but the items being reassigned), and those about to. */
function checkersOf(db: Db, datasetId: number, extra: readonly string[], except: readonly number[]): Set<string> {
  const stored = db.prepare(`SELECT c FROM (SELECT checker_a AS c, item_id FROM assignments UNION SELECT checker_b, item_id FROM assignments) x
    JOIN items i ON i.id = x.item_id WHERE i.dataset_id = ? AND x.item_id NOT IN (SELECT value FROM json_each(?))`)
    .pluck().all(datasetId, JSON.stringify(except)) as string[];
  return new Set([...stored, ...extra]);
}

/**
 * The checkers of a pool who may check in the dataset: under the strict rule nobody who annotates in it (or is about
 * to); relaxed, the whole pool (an item's own annotator is still never its checker).
 */
export function independentPool(db: Db, datasetId: number, annotators: readonly string[], pool: readonly string[]): string[] {
  if (checkerRule(db, datasetId).relaxed) return [...pool];
  const annotating = annotatorsOf(db, datasetId, annotators, []);
  return pool.filter((c) => !annotating.has(c));
}

/**
 * Refuses an assignment that would make someone both annotator and checker in the dataset, unless the lead relaxed the
 * rule for it (then only an item's own annotator is kept from checking it, as always).
 */
export function requireIndependentCheckers(db: Db, datasetId: number, annotators: readonly string[], checkers: readonly string[], except: readonly number[] = []): void {
  if (checkerRule(db, datasetId).relaxed) return;
  const annotating = annotatorsOf(db, datasetId, annotators, except);
  const checking = checkersOf(db, datasetId, checkers, except);
  const who = [...checking].find((c) => annotating.has(c));
  if (who !== undefined) {
    throw new AppError('invalid_input', `${who} annotates in this dataset and so cannot check in it: MMEvalPro's checkers are not part of the `
      + 'annotation team. Choose other checkers, or relax the rule for this dataset under Team (with a reason).');
  }
}
