import { z } from 'zod';
import { contract, isMethodName, type CallResult, type Input, type MethodName, type Output, type ParsedInput } from '@shared/contract';
import { AppError } from './errors';
import { toApiError } from './api-error';

export type { CallResult };

/** Who is calling, as every adapter (IPC, HTTP, CLI) describes it to the dispatch. */
export interface CallContext {
  /** Who is calling: the local profile in the desktop app, the session's user on a team server. */
  userId: string | null;
  /** Set by the team server's HTTP adapter: a call without a user is refused rather than trusted. */
  requireUser?: boolean;
  /**
   * The call came over the network (a team server's login), not from the machine's owner (desktop, CLI, loopback
   * without passwords): it never names a path on the server, and the owner's settings are not its to change.
   */
  remote?: boolean;
}

/** Every contract method's implementation, keyed by name: each domain's handlers.ts fills its slice of this map. */
export type Handlers = {
  [M in MethodName]: (input: ParsedInput<M>, ctx: CallContext) => Output<M> | Promise<Output<M>>;
};

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`).join('; ');
}

/**
 * The one way into the backend for every adapter: checks the method exists, validates the input, runs the handler,
 * validates the output and turns any failure into `{ code, message }`.
 */
export async function dispatch(
  handlers: Handlers, method: string, rawInput: unknown, ctx: CallContext, authorize?: (method: MethodName, ctx: CallContext) => void,
): Promise<CallResult> {
  try {
    if (!isMethodName(method)) throw new AppError('unknown_method', `there is no method "${method}"`);
    authorize?.(method, ctx);
    const def = contract[method];
    const parsed = def.input.safeParse(rawInput ?? undefined);
    if (!parsed.success) throw new AppError('invalid_input', `${method}: ${describeIssues(parsed.error)}`);
    const handler = handlers[method] as (input: unknown, ctx: CallContext) => unknown;
    const value = await handler(parsed.data, ctx);
    const checked = def.output.safeParse(value);
    if (!checked.success) throw new AppError('invalid_output', `${method} returned an unexpected shape: ${describeIssues(checked.error)}`);
    return { ok: true, value: checked.data };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}

/** The in-process adapter: typed calls that throw `AppError` (the CLI and tests use it). */
export function inProcessClient(handlers: Handlers, ctx: () => CallContext, authorize?: (method: MethodName, ctx: CallContext) => void) {
  return async function call<M extends MethodName>(method: M, input?: Input<M>): Promise<Output<M>> {
    const result = await dispatch(handlers, method, input, ctx(), authorize);
    if (!result.ok) throw new AppError(result.error.code, result.error.message);
    return result.value as Output<M>;
  };
}
