import type { Dashboard, TripletVerdicts } from '@shared/contract';
import type { Db } from '../../../db/open';
import { readVerdicts } from '../../triplets/store/json';
import type { TimeSummary } from './time';

/** The lead's overview in SQL: every query is over the whole project, or one dataset (`$dataset`) when given. */

type Scope = { dataset?: number };
const scopeOf = (datasetId: number | undefined): { inDataset: string; p: Scope } => (datasetId === undefined
  ? { inDataset: '', p: {} }
  : { inDataset: ' AND i.dataset_id = $dataset', p: { dataset: datasetId } });

/** How many items are in each workflow status. */
export function statusCounts(db: Db, datasetId?: number): Record<string, number> {
  const { inDataset, p } = scopeOf(datasetId);
  const rows = db.prepare<Scope, { status: string; n: number }>(`SELECT status, count(*) AS n FROM items i WHERE 1 = 1${inDataset} GROUP BY status`).all(p);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export type AnnotatorLoad = Omit<Dashboard['annotators'][number], 'name' | keyof TimeSummary>;
export type CheckerLoad = Omit<Dashboard['checkers'][number], 'name' | keyof TimeSummary>;

/** Each annotator's items by where they stand. */
export function annotatorLoads(db: Db, datasetId?: number): AnnotatorLoad[] {
  const { inDataset, p } = scopeOf(datasetId);
  return db.prepare<Scope, AnnotatorLoad>(`SELECT a.annotator_id AS user, count(*) AS assigned,
      sum(i.status = 'annotating') AS annotating, sum(i.status IN ('submitted', 'resubmitted', 'in_review')) AS submitted,
      sum(i.status = 'returned') AS returned, sum(i.status = 'accepted') AS accepted
    FROM assignments a JOIN items i ON i.id = a.item_id WHERE 1 = 1${inDataset} GROUP BY a.annotator_id ORDER BY a.annotator_id`).all(p);
}

/** Each checker's items (either seat), those waiting for their verdict, and the verdicts they gave and flagged. */
export function checkerLoadsOf(db: Db, datasetId?: number): CheckerLoad[] {
  const { inDataset, p } = scopeOf(datasetId);
  return db.prepare<Scope, CheckerLoad>(`SELECT c AS user, count(*) AS assigned,
      sum(i.status IN ('submitted', 'resubmitted', 'in_review')
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.item_id = i.id AND r.round = i.review_round AND r.checker_id = c)) AS pending,
      (SELECT count(*) FROM reviews r JOIN items i2 ON i2.id = r.item_id WHERE r.checker_id = c${inDataset.replace('i.', 'i2.')}) AS reviewed,
      (SELECT count(*) FROM reviews r JOIN items i2 ON i2.id = r.item_id WHERE r.checker_id = c AND r.passed = 0${inDataset.replace('i.', 'i2.')}) AS flagged
    FROM (SELECT item_id, checker_a AS c FROM assignments UNION ALL SELECT item_id, checker_b FROM assignments) x
    JOIN items i ON i.id = x.item_id WHERE 1 = 1${inDataset} GROUP BY c ORDER BY c`).all(p);
}

/** Saves, submissions and verdicts per day, the latest `days` days with any, newest first. */
export function dailyActivity(db: Db, days: number, datasetId?: number): Dashboard['throughput'] {
  const { inDataset, p } = scopeOf(datasetId);
  return db.prepare<Scope, Dashboard['throughput'][number]>(`SELECT substr(at, 1, 10) AS day, sum(action = 'save') AS saves, sum(action = 'submit') AS submissions,
      sum(action = 'review') AS reviews
    FROM revisions r JOIN items i ON r.entity = 'triplet' AND i.id = CAST(r.entity_id AS INTEGER)
    WHERE r.action IN ('save', 'submit', 'review')${inDataset} GROUP BY day ORDER BY day DESC LIMIT ${days}`).all(p);
}

export interface VerdictRow { itemId: number; round: number; checker: string; verdicts: TripletVerdicts }

/** Every verdict, by item, round and order given. */
export function verdictRows(db: Db, datasetId?: number): VerdictRow[] {
  const { inDataset, p } = scopeOf(datasetId);
  return db.prepare<Scope, { item_id: number; round: number; checker_id: string; verdicts: string }>(`SELECT r.item_id, r.round, r.checker_id, r.verdicts
    FROM reviews r JOIN items i ON i.id = r.item_id WHERE 1 = 1${inDataset} ORDER BY r.item_id, r.round, r.id`).all(p)
    .map((r) => ({ itemId: r.item_id, round: r.round, checker: r.checker_id, verdicts: readVerdicts(r.verdicts) }));
}
