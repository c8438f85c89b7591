import { z } from 'zod';
import type { Endpoint } from '@shared/contract';
import type { TokenParam } from '@shared/domain/token-param';
import type { EndpointSnapshot } from '../engine/settings';
import { AppError } from '../errors';
import { fingerprintOf, shortFingerprint, urlFingerprint } from './fingerprint';
import type { EndpointStore } from './endpoints';

/**
 * An endpoint as a project records it (issue 29): its name, model and settings and a fingerprint of its URLs — what was
 * used, never where to send a key. Requests always go to the owner's endpoint of that name as configured now.
 */
export type RecordedEndpoint = Omit<EndpointSnapshot, 'baseUrl' | 'replicas' | 'tokenParam'> & { urlFingerprint: string; tokenParam?: TokenParam };

/** What a record is compared by: the name it is looked up by, and the model and URLs it promises. */
export interface EndpointIdentity {
  name: string;
  model: string;
  /** null: the record holds neither a fingerprint nor URLs to take one from, so it cannot vouch for any server. */
  urlFingerprint: string | null;
}

/** An endpoint without the name of its key's variable: what the engine is given to send to. */
export function snapshotOf({ apiKeyEnv: _key, ...rest }: Endpoint): EndpointSnapshot {
  return rest;
}

export function recordEndpoint(endpoint: Endpoint): RecordedEndpoint {
  const { apiKeyEnv: _key, baseUrl: _base, replicas: _replicas, tokenParam, ...rest } = endpoint;
  // Recorded only when chosen, so a run configured like one from before the option keeps its configuration hash.
  return { ...rest, ...(tokenParam !== 'auto' ? { tokenParam } : {}), urlFingerprint: fingerprintOf(endpoint) };
}

/**
 * A stored record as read from a project someone may have written by hand: only the fields compared are read. Older
 * projects stored the URLs themselves (before issue 29); they are read only to compute their fingerprint.
 */
const storedSchema = z.object({
  name: z.string(),
  model: z.string(),
  urlFingerprint: z.string().optional(),
  baseUrl: z.string().optional(),
  replicas: z.array(z.string()).optional(),
});

export function identityOf(stored: unknown, what: string): EndpointIdentity {
  const parsed = storedSchema.safeParse(stored);
  if (!parsed.success) throw new AppError('invalid_input', `${what} is not a readable endpoint record: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const { name, model, urlFingerprint: recorded, baseUrl, replicas } = parsed.data;
  return { name, model, urlFingerprint: recorded ?? (baseUrl !== undefined ? urlFingerprint(baseUrl, replicas) : null) };
}

/** The owner's endpoint a record names; a name this machine lacks is an error that says how to add it. */
export function endpointNamed(endpoints: EndpointStore, name: string, what: string): Endpoint {
  try {
    return endpoints.get(name);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    throw new AppError('not_found', `${what} used the endpoint "${name}", which this machine does not have; add an endpoint of that name (Settings, or \`anchor models add\`) and try again`);
  }
}

/** How the owner's endpoint now differs from what was recorded, in words; empty when it is the same model on the same servers. */
export function endpointChanges(expected: EndpointIdentity, current: Endpoint): string[] {
  const changes: string[] = [];
  if (current.model !== expected.model) changes.push(`model "${expected.model}" is now "${current.model}"`);
  const now = fingerprintOf(current);
  if (expected.urlFingerprint === null) changes.push(`no URL fingerprint is recorded (this machine's is ${shortFingerprint(now)})`);
  else if (expected.urlFingerprint !== now) changes.push(`its URLs differ (fingerprint ${shortFingerprint(expected.urlFingerprint)} recorded, ${shortFingerprint(now)} here)`);
  return changes;
}

/** One endpoint that differs from its record, as an error names it. */
export interface ChangedEndpoint { role: string; name: string; changes: string[] }

/** The refusal when endpoints changed: what changed, that nothing was sent, and how the owner continues. */
export function endpointChangedError(what: string, changed: readonly ChangedEndpoint[]): AppError {
  const list = changed.map((c) => `${c.role} "${c.name}": ${c.changes.join('; ')}`).join('; ');
  return new AppError('endpoint_changed',
    `${what} recorded other endpoints than this machine has: ${list}. Nothing was sent. Check the endpoints in Settings, or continue `
    + 'with this machine\'s endpoints by confirming the change (acceptEndpointChange; CLI: --accept-endpoint-change)');
}
