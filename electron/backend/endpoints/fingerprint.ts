import { createHash } from 'node:crypto';
import type { Endpoint } from '@shared/contract';

/**
 * A URL as compared: the WHATWG parser lowercases the scheme and host, drops a default port and resolves dot segments;
 * a trailing slash and a fragment never change where a request goes. A string no parser accepts (a hand-edited project)
 * is kept as written, so it simply never matches a real endpoint.
 */
export function normaliseUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    parsed.hash = '';
    return parsed.href.replace(/\/+$/, '');
  } catch {
    return url.trim();
  }
}

/**
 * What a project records of where an endpoint was (issue 29): a SHA-256 over the normalised base URL and the sorted,
 * distinct replica URLs. Comparing two of them says whether a run would go to the same servers, without the project ever
 * holding an address that a key could be sent to.
 */
export function urlFingerprint(baseUrl: string, replicas: readonly string[] = []): string {
  const others = [...new Set(replicas.map(normaliseUrl))].sort();
  return createHash('sha256').update(JSON.stringify([normaliseUrl(baseUrl), others])).digest('hex');
}

export function fingerprintOf(endpoint: Pick<Endpoint, 'baseUrl' | 'replicas'>): string {
  return urlFingerprint(endpoint.baseUrl, endpoint.replicas ?? []);
}

/** The first 12 hex digits: enough to tell two fingerprints apart in a message. */
export const shortFingerprint = (fingerprint: string) => fingerprint.slice(0, 12);
