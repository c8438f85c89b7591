import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/endpoints';
import { fingerprintOf } from '../endpoints/fingerprint';
import { endpointChangedError, endpointChanges, endpointNamed, identityOf } from '../endpoints/recorded';
import type { OptimizeConfig } from './config';
import { insertOptimizationConfirmation, latestOptimizationConfirmations } from './store';

/**
 * Issue 29 for an optimisation: its helpers are always this machine's endpoints of the recorded names, so no key goes to
 * a URL from the project. Before it resumes, each is compared with what was recorded (or last confirmed): another model
 * or other servers refuse it (`endpoint_changed`) unless the owner accepts, which is recorded with the optimisation.
 * Optimisations frozen before issue 29 recorded names only; they are not compared.
 */
export function confirmOptimizationEndpoints(
  db: Db, id: number, config: OptimizeConfig, endpoints: EndpointStore, accept: boolean, userId: string | null, at: string,
): void {
  if (!config.recorded) return;
  const confirmed = latestOptimizationConfirmations(db, id);
  const changed = Object.entries(config.recorded).flatMap(([name, stored]) => {
    const expected = { ...identityOf({ ...stored, name }, `optimisation ${id}'s endpoint "${name}"`), ...confirmed.get(name) };
    const current = endpointNamed(endpoints, name, `optimisation ${id}`);
    const changes = endpointChanges(expected, current);
    return changes.length > 0 ? [{ name, current, changes }] : [];
  });
  if (changed.length === 0) return;
  if (!accept) throw endpointChangedError(`optimisation ${id}`, changed.map((c) => ({ role: 'endpoint', name: c.name, changes: c.changes })));
  for (const c of changed) {
    insertOptimizationConfirmation(db, id, c.name, { model: c.current.model, urlFingerprint: fingerprintOf(c.current) }, c.changes.join('; '), userId, at);
  }
}
