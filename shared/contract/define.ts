import { z } from 'zod';

/**
 * What every method of the API holds. `input` and `output` are validated at every boundary (IPC, HTTP, in-process).
 * Each method also says which data scopes it reads or changes: see `ReadDef` and `WriteDef`.
 */
interface MethodBase<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I;
  readonly output: O;
  readonly doc: string;
  /**
   * Who may call it, checked by the backend for every caller that is a user (desktop profile, team-server login):
   * `open` needs no login, `user` any signed-in person, otherwise one of the listed roles.
   */
  readonly access: Access;
  /** Refused on a team server, which serves one project to many people (opening another would pull it from under them). */
  readonly localOnly?: boolean;
  /**
   * Only the machine's owner (desktop, CLI, a loopback server without passwords) may call it: it writes server paths or
   * touches the machine's settings (endpoints and the environment variables they name). Refused to remote callers.
   */
  readonly ownerOnly?: boolean;
}

/** One scope or more; an empty list would say nothing, so it does not type-check. */
export type Scopes = readonly [DataScope, ...DataScope[]];

/**
 * A read: `reads` names the scopes whose change makes its answer stale, so a client caching it refreshes exactly when
 * a mutation (or a `data.changed` event) names one of them.
 */
export interface ReadDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends MethodBase<I, O> {
  readonly reads: Scopes;
  readonly mutates?: never;
}

/** A write: `mutates` lists the scopes a successful call invalidates, so clients refresh without guessing. */
export interface WriteDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends MethodBase<I, O> {
  readonly mutates: Scopes;
  readonly reads?: never;
}

/** One method of the API: a read or a write, never neither (a missing `reads`/`mutates` is a type error). */
export type MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = ReadDef<I, O> | WriteDef<I, O>;

export type Access = 'open' | 'user' | readonly ('annotator' | 'checker' | 'lead')[];
export const LEAD = ['lead'] as const;

/** Scopes of data that change together; clients key their caches by these. */
export const dataScopes = ['project', 'datasets', 'questions', 'items', 'jobs', 'endpoints', 'runs', 'team'] as const;
export type DataScope = (typeof dataScopes)[number];

export function method<I extends z.ZodType, O extends z.ZodType>(def: ReadDef<I, O>): ReadDef<I, O>;
export function method<I extends z.ZodType, O extends z.ZodType>(def: WriteDef<I, O>): WriteDef<I, O>;
export function method(def: MethodDef): MethodDef {
  return def;
}

/** The empty input most read methods take; `{}` and `undefined` are both accepted. */
export const noInput = z.object({}).strict().optional().default({});
