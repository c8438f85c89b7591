import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { endpointSchema, runConfigInputSchema, type EndpointInput, type RunConfigInput } from '@shared/contract';
import type { BackendInternals } from '../electron/backend';
import { EndpointStore } from '../electron/backend/endpoints/endpoints';
import { freezeConfig } from '../electron/backend/runs/config';
import { createRun } from '../electron/backend/runs/runs';

/**
 * A run as a sender's studio made it, written into the project the owner receives (issue 29): the sender's own
 * endpoint file, in a folder of its own and without keys, decides what the run's configuration records.
 */
export function senderRun(backend: BackendInternals, dir: string, endpoints: EndpointInput[], input: RunConfigInput): number {
  const store = new EndpointStore(join(dir, 'sender-data'), null, {});
  for (const e of endpoints) store.save(endpointSchema.parse(e), null, null);
  const parsed = runConfigInputSchema.parse(input);
  return createRun(backend.state.requireProject().db, parsed, freezeConfig(parsed, store), null, new Date());
}

/** The run's endpoint as a project from before issue 29 stores it, or a sender writes it by hand: the URLs themselves. */
export function storeUrls(backend: BackendInternals, runId: number, role: 'endpoint' | 'judge', baseUrl: string, replicas: string[] = []): void {
  backend.state.requireProject().db.prepare(`UPDATE runs
    SET config = json_set(json_remove(config, '$.${role}.urlFingerprint'), '$.${role}.baseUrl', ?, '$.${role}.replicas', json(?))
    WHERE id = ?`).run(baseUrl, JSON.stringify(replicas), runId);
}

export interface Stoppable { stop(): Promise<void> }

/**
 * The owner's key in an environment variable (the endpoints name it) for the calling suite, and the list of servers
 * its tests start, stopped after each test.
 */
export function ownerKeySuite(variable: string, key: string): Stoppable[] {
  const servers: Stoppable[] = [];
  beforeAll(() => {
    process.env[variable] = key;
  });
  afterAll(() => {
    delete process.env[variable];
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });
  return servers;
}
