import type { Db } from '../../db/open';

export type EndpointRole = 'endpoint' | 'judge';

/** What the owner confirmed a run may continue with, for one role. */
export interface Confirmation { model: string; urlFingerprint: string }

/** The newest confirmation per role of a run (none for a run resumed as it was recorded). */
export function latestConfirmations(db: Db, runId: number): Map<EndpointRole, Confirmation> {
  const rows = db.prepare<[number], { role: EndpointRole; model: string; url_fingerprint: string }>(
    'SELECT role, model, url_fingerprint FROM run_endpoint_confirmations WHERE run_id = ? ORDER BY id',
  ).all(runId);
  return new Map(rows.map((r) => [r.role, { model: r.model, urlFingerprint: r.url_fingerprint }]));
}

export function insertConfirmation(
  db: Db, runId: number, role: EndpointRole, confirmed: Confirmation, changes: string, userId: string | null, at: string,
): void {
  db.prepare(`INSERT INTO run_endpoint_confirmations (run_id, role, model, url_fingerprint, changes, confirmed_by, confirmed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(runId, role, confirmed.model, confirmed.urlFingerprint, changes, userId, at);
}
