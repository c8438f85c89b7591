import type { GuidelineVersion } from '@shared/contract';
import type { Db } from '../../../db/open';
import { statement } from '../../../db/statements';

interface Row { dataset_id: number; version: number; body?: string; author_id: string | null; display_name: string | null; at: string }

const COLUMNS = `g.dataset_id, g.version, g.author_id, u.display_name, g.at`;
const FROM = `FROM guidelines g LEFT JOIN users u ON u.id = g.author_id`;

const toVersion = (r: Row): GuidelineVersion => ({
  datasetId: r.dataset_id, version: r.version, body: r.body ?? '', author: r.author_id, authorName: r.author_id ? r.display_name ?? r.author_id : null, at: r.at,
});

/** The newest guidelines version of a dataset, or null when none was written. */
export function latestGuidelineVersion(db: Db, datasetId: number): number | null {
  return statement<[number], number | null>(db, 'SELECT max(version) FROM guidelines WHERE dataset_id = ?').pluck().get(datasetId) ?? null;
}

/** One version with its text (the newest when `version` is omitted). */
export function readGuideline(db: Db, datasetId: number, version?: number): GuidelineVersion | null {
  const row = version === undefined
    ? statement<[number], Row>(db, `SELECT ${COLUMNS}, g.body ${FROM} WHERE g.dataset_id = ? ORDER BY g.version DESC LIMIT 1`).get(datasetId)
    : statement<[number, number], Row>(db, `SELECT ${COLUMNS}, g.body ${FROM} WHERE g.dataset_id = ? AND g.version = ?`).get(datasetId, version);
  return row ? toVersion(row) : null;
}

/** Every version of a dataset's guidelines, newest first; with their text only when asked (exports). */
export function listGuidelines(db: Db, datasetId: number, withBody = false): GuidelineVersion[] {
  return statement<[number], Row>(db, `SELECT ${COLUMNS}${withBody ? ', g.body' : ''} ${FROM} WHERE g.dataset_id = ? ORDER BY g.version DESC`).all(datasetId).map(toVersion);
}

export function insertGuideline(db: Db, datasetId: number, version: number, body: string, authorId: string | null, at: string): void {
  statement(db, 'INSERT INTO guidelines (dataset_id, version, body, author_id, at) VALUES (?, ?, ?, ?, ?)').run(datasetId, version, body, authorId, at);
}
