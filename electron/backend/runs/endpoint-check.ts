import type { Endpoint } from '@shared/contract';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/endpoints';
import { fingerprintOf } from '../endpoints/fingerprint';
import {
  endpointChangedError, endpointChanges, endpointNamed, identityOf, snapshotOf, type EndpointIdentity,
} from '../endpoints/recorded';
import type { AskKeys, AskSettings } from '../engine/settings';
import type { FrozenConfig } from './config';
import { forgetBatch } from './store/batches';
import { insertConfirmation, latestConfirmations, type EndpointRole } from './store/confirmations';

/**
 * Issue 29: a run's configuration says which endpoints it used, never where to send a key. Every request of a run goes
 * to the owner's endpoint of the recorded name as configured now, and only when that is the recorded model on the
 * recorded servers (same URL fingerprint), or the owner confirmed the change for this run.
 */

interface Target { role: EndpointRole; expected: EndpointIdentity; current: Endpoint; changes: string[] }

const ROLES: readonly EndpointRole[] = ['endpoint', 'judge'];

function targetsOf(db: Db, runId: number, config: Pick<FrozenConfig, 'endpoint' | 'judge'>, endpoints: EndpointStore): Target[] {
  const confirmed = latestConfirmations(db, runId);
  const targets: Target[] = [];
  for (const role of ROLES) {
    const stored = config[role];
    if (!stored) continue;
    const recorded = identityOf(stored, `run ${runId}'s ${role}`);
    // A confirmation replaces what is expected of the model and servers, never the name the endpoint is looked up by.
    const expected = { ...recorded, ...confirmed.get(role) };
    const current = endpointNamed(endpoints, expected.name, `run ${runId}`);
    targets.push({ role, expected, current, changes: endpointChanges(expected, current) });
  }
  return targets;
}

const changedOf = (targets: readonly Target[]) => targets.filter((t) => t.changes.length > 0);
const described = (targets: readonly Target[]) => targets.map((t) => ({ role: t.role, name: t.expected.name, changes: t.changes }));

/**
 * The engine's settings and keys for a run: its frozen configuration with its endpoints as this machine has them now.
 * Refuses (`endpoint_changed`, nothing sent) when one differs from what the run recorded or the owner confirmed.
 */
export function resolveRunEndpoints(db: Db, runId: number, config: FrozenConfig, endpoints: EndpointStore): { settings: AskSettings; keys: AskKeys } {
  const targets = targetsOf(db, runId, config, endpoints);
  const changed = changedOf(targets);
  if (changed.length > 0) throw endpointChangedError(`run ${runId}`, described(changed));
  const current = (role: EndpointRole) => targets.find((t) => t.role === role)?.current ?? null;
  const [endpoint, judge] = [current('endpoint'), current('judge')];
  return {
    settings: { ...config, endpoint: endpoint && snapshotOf(endpoint), judge: judge && snapshotOf(judge) },
    keys: { endpoint: endpoint && endpoints.apiKey(endpoint), judge: judge && endpoints.apiKey(judge) },
  };
}

/**
 * Before a run is resumed or retried: refuses a changed endpoint unless the owner accepts it, and then records the
 * acceptance in the run (the model and fingerprint accepted, what changed, who and when). A provider batch sent to the
 * servers the run recorded is forgotten when the servers change: its id means nothing to the owner's provider, so the
 * requests it held are sent again there. Returns what changed (empty when nothing did).
 */
export function confirmRunEndpoints(
  db: Db, runId: number, config: FrozenConfig, endpoints: EndpointStore, accept: boolean, userId: string | null, at: string,
): string[] {
  const changed = changedOf(targetsOf(db, runId, config, endpoints));
  if (changed.length === 0) return [];
  if (!accept) throw endpointChangedError(`run ${runId}`, described(changed));
  for (const t of changed) {
    const urlFingerprint = fingerprintOf(t.current);
    insertConfirmation(db, runId, t.role, { model: t.current.model, urlFingerprint }, t.changes.join('; '), userId, at);
    if (t.role === 'endpoint' && urlFingerprint !== t.expected.urlFingerprint) forgetBatch(db, runId);
  }
  return changed.map((t) => `${t.role} "${t.expected.name}": ${t.changes.join('; ')}`);
}
