import { z } from 'zod';
import type { ApiError, AppEvent, MethodName, Output } from '@shared/contract';
import { apiErrorSchema } from '@shared/contract/errors';
import { eventSchema } from '@shared/contract/events';
import { loadMethod } from './method-defs';

// What crosses the wire is read with the contract's own schemas, never cast: a reply or event of another shape (an
// older or newer server, a proxy's page, a bug) becomes an error with a code the screens already show, not a crash
// deep inside a component that trusted a field.

/** Whatever a door answered: `{ ok, value }` or `{ ok: false, error }`, checked before anything reads it. */
const callResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: apiErrorSchema, unreachable: z.boolean().optional() }),
]);

export type Reply<M extends MethodName> = { ok: true; value: Output<M> } | { ok: false; error: ApiError; unreachable: boolean };

/** The first few problems zod found, as one line a person can pass on (`path: message`). */
function issuesOf(error: z.ZodError): string {
  return error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** The value parsed by M's own output schema, or why it does not parse. */
async function outputOf<M extends MethodName>(method: M, value: unknown): Promise<{ ok: true; value: Output<M> } | { ok: false; error: z.ZodError }> {
  const parsed = (await loadMethod(method)).output.safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error };
  // It IS parsed by M's own schema; the definition's schema is typed as any method's, and TypeScript cannot tie the
  // result back to M, so this one assertion names what the parse guarantees.
  const data: unknown = parsed.data;
  return { ok: true, value: data as Output<M> };
}

/** A door's answer to `method`, its value parsed by the method's output schema. */
export async function readReply<M extends MethodName>(method: M, raw: unknown): Promise<Reply<M>> {
  const result = callResultSchema.safeParse(raw);
  if (!result.success) return { ok: false, unreachable: false, error: { code: 'invalid_output', message: `The answer to ${method} is not a reply the studio can read (${issuesOf(result.error)}).` } };
  if (!result.data.ok) return { ok: false, error: result.data.error, unreachable: result.data.unreachable === true };
  const value = await outputOf(method, result.data.value);
  if (!value.ok) return { ok: false, unreachable: false, error: { code: 'invalid_output', message: `The answer to ${method} does not match this studio's version (${issuesOf(value.error)}).` } };
  return value;
}

/** One pushed event, parsed by the contract's event schema. */
export function readEvent(raw: unknown): { ok: true; event: AppEvent } | { ok: false; error: ApiError } {
  const event = eventSchema.safeParse(raw);
  if (event.success) return { ok: true, event: event.data };
  return { ok: false, error: { code: 'invalid_output', message: `An event from the studio server does not match this studio's version (${issuesOf(event.error)}).` } };
}

/** An SSE message's data: JSON text, which may be cut or not JSON at all. */
export function readEventText(text: unknown): ReturnType<typeof readEvent> {
  if (typeof text !== 'string') return readEvent(text);
  try {
    return readEvent(JSON.parse(text));
  } catch {
    return { ok: false, error: { code: 'invalid_output', message: 'An event from the studio server is not JSON.' } };
  }
}
