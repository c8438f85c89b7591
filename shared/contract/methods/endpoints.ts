import { z } from 'zod';
import { LEAD, method, noInput } from '../define';
import { endpointInfoSchema, endpointSchema } from '../eval-entities';

export const endpointMethods = {
  'endpoints.list': method({ access: 'user', reads: ['endpoints'], doc: 'Model endpoints of this machine, with where each key comes from.', input: noInput, output: z.array(endpointInfoSchema) }),
  /**
   * Adds or replaces an endpoint. `apiKey` is only accepted by the desktop app, which encrypts it with the OS keychain
   * (safeStorage); servers and the CLI read keys from the environment variable the endpoint names.
   */
  'endpoints.save': method({
    access: LEAD, ownerOnly: true,
    doc: 'Add or replace an endpoint (and, on the desktop, store its key encrypted).',
    input: z.object({ endpoint: endpointSchema, apiKey: z.string().min(1).nullable().default(null), previousName: z.string().nullable().default(null) }),
    output: endpointInfoSchema,
    mutates: ['endpoints'],
  }),
  'endpoints.delete': method({
    access: LEAD, ownerOnly: true,
    doc: 'Forget an endpoint and its stored key.',
    input: z.object({ name: z.string() }),
    output: z.object({ deleted: z.boolean() }),
    mutates: ['endpoints'],
  }),
  /** Sends one tiny request ("Reply with OK") and reports the latency or the error as the endpoint gave it. */
  'endpoints.test': method({
    access: LEAD, ownerOnly: true, reads: ['endpoints'],
    doc: 'Send one tiny request and report latency.',
    input: z.object({ name: z.string() }),
    output: z.object({ ok: z.boolean(), latencyMs: z.number(), reply: z.string().nullable(), error: z.string().nullable() }),
  }),
};
