import type { Db } from '../../db/open';
import { appendRevision } from '../../db/revisions';
import { AppError } from '../../errors';
import { annotatorsInDataset, checkersInDataset, datasetMeta, writeDatasetMeta } from './store/checker-rule';
import type { CheckerRuleMeta, DatasetMeta } from '../triplets/store/json';

/**
 * MMEvalPro's checkers "are not part of the annotation team" (METHODS §2): by default a person who annotates in a
 * dataset does not check in it. A lead may relax this per dataset (small teams); the relaxation and its reason are
 * kept in the dataset's meta and its history.
 */
export type CheckerRule = CheckerRuleMeta;

const STRICT: CheckerRule = { relaxed: false, reason: null, by: null, at: null };

function requireMeta(db: Db, datasetId: number): DatasetMeta {
  const meta = datasetMeta(db, datasetId);
  if (!meta) throw new AppError('not_found', `there is no dataset ${datasetId}`);
  return meta;
}

export function checkerRule(db: Db, datasetId: number): CheckerRule {
  return requireMeta(db, datasetId).checkerRule ?? STRICT;
}

/** Relaxes or restores the rule for one dataset; relaxing needs a reason, and both are recorded. */
export function setCheckerRule(db: Db, by: string | null, input: { datasetId: number; relaxed: boolean; reason: string }, now: Date): CheckerRule {
  if (input.relaxed && !input.reason.trim()) throw new AppError('invalid_input', 'say why annotators may check in this dataset');
  return db.transaction(() => {
    const meta = requireMeta(db, input.datasetId);
    const rule: CheckerRule = input.relaxed ? { relaxed: true, reason: input.reason.trim(), by, at: now.toISOString() } : STRICT;
    writeDatasetMeta(db, input.datasetId, { ...meta, checkerRule: rule });
    appendRevision(db, 'dataset', input.datasetId, by, now, input.relaxed ? 'relax-checker-rule' : 'restore-checker-rule', { reason: input.reason.trim() || null });
    return rule;
  })();
}

/** Everyone who annotates an item of the dataset (but the items being reassigned), and those about to. */
function annotatorsOf(db: Db, datasetId: number, extra: readonly string[], except: readonly number[]): Set<string> {
  return new Set([...annotatorsInDataset(db, datasetId, except), ...extra]);
}

/** Everyone who checks an item of the dataset (but the items being reassigned), and those about to. */
function checkersOf(db: Db, datasetId: number, extra: readonly string[], except: readonly number[]): Set<string> {
  return new Set([...checkersInDataset(db, datasetId, except), ...extra]);
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
export function requireIndependentCheckers(db: Db, datasetId: number, annotators: readonly string[], checkers: readonly string[],
  except: readonly number[] = []): void {
  if (checkerRule(db, datasetId).relaxed) return;
  const annotating = annotatorsOf(db, datasetId, annotators, except);
  const checking = checkersOf(db, datasetId, checkers, except);
  const who = [...checking].find((c) => annotating.has(c));
  if (who !== undefined) {
    throw new AppError('invalid_input', `${who} annotates in this dataset and so cannot check in it: MMEvalPro's checkers are not part of the `
      + 'annotation team. Choose other checkers, or relax the rule for this dataset under Team (with a reason).');
  }
}
