import type { DatasetSummary } from '@shared/contract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { jsonColumn } from '../db/json-column';
import { appendRevision } from '../db/revisions';
import {
  datasetByRef, datasetName, datasetNames, datasetNameTaken, datasetRows, deleteDatasetRows, insertDatasetRow, itemCounts, questionCounts,
  type DatasetWithMeta,
} from './store';

/** Datasets with question counts per role and per source (what `anchor info` prints). */
export function listDatasets(db: Db): DatasetSummary[] {
  const rows = datasetRows(db);
  const itemCount = itemCounts(db);
  const counts = questionCounts(db);
  return rows.map((d) => {
    // Maps, not `{}`: a source is data, and one named `constructor` would add to the function every object inherits.
    const byRole = new Map<string, number>();
    const bySource = new Map<string, number>();
    let questionCount = 0;
    for (const c of counts) {
      if (c.id !== d.id) continue;
      byRole.set(c.role, (byRole.get(c.role) ?? 0) + c.n);
      const source = c.source || '(none)';
      bySource.set(source, (bySource.get(source) ?? 0) + c.n);
      questionCount += c.n;
    }
    return {
      id: d.id, name: d.name, format: d.format, createdAt: d.created_at, itemCount: itemCount.get(d.id) ?? 0, questionCount,
      byRole: Object.fromEntries(byRole), bySource: Object.fromEntries(bySource),
    };
  });
}

/**
 * A dataset's `meta`: a VLMEvalKit file's column order (so an export writes them back), the source of a variant set, or
 * the licence and citation an imported Hugging Face release's card stated (so a re-export keeps them).
 */
export interface DatasetMeta { columns?: string[]; vrpSource?: { id: number; name: string }; release?: { license?: string; citation?: string } }

/** Reads `meta` as the import sink or the variant writer stored it (once per export; the contract has no schema for it). */
export function readDatasetMeta(text: string): DatasetMeta {
  return jsonColumn<DatasetMeta>(text);
}

export function findDataset(db: Db, ref: number | string): DatasetWithMeta {
  const row = datasetByRef(db, ref);
  if (!row) {
    const names = datasetNames(db);
    throw new AppError('not_found', `no dataset ${JSON.stringify(ref)}; the project has ${names.length ? names.join(', ') : 'no datasets yet'}`);
  }
  return row;
}

/** Refuses a name another dataset has: names are unique, and an import never merges into an existing dataset. */
export function refuseTakenDatasetName(db: Db, name: string): void {
  if (datasetNameTaken(db, name)) throw new AppError('conflict', `a dataset named "${name}" already exists; choose another name`);
}

/** Adds an empty dataset row and returns its id (its items come after, in the same transaction). */
export function createDataset(db: Db, name: string, format: string, meta: Record<string, unknown>, createdAt: string): number {
  return insertDatasetRow(db, name, format, JSON.stringify(meta), createdAt);
}

/** Deletes a dataset and drops images nothing refers to any more, in one transaction. */
export function deleteDataset(db: Db, id: number, userId: string | null, now: Date): boolean {
  return db.transaction(() => {
    const name = datasetName(db, id);
    if (name === undefined) return false;
    deleteDatasetRows(db, id);
    appendRevision(db, 'dataset', id, userId, now, 'delete', { name });
    return true;
  })();
}
