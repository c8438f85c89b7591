import { z } from 'zod';

/**
 * One method of the API. `input` and `output` are validated at every boundary (IPC, HTTP, in-process);
 * `mutates` lists the query scopes a successful call invalidates, so clients refresh without guessing.
 */
export interface MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  readonly doc: string;
  readonly mutates?: readonly DataScope[];
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

export type Access = 'open' | 'user' | readonly ('annotator' | 'checker' | 'lead')[];
export const LEAD = ['lead'] as const;

/** Scopes of data that change together; clients key their caches by these. */
export const dataScopes = ['project', 'datasets', 'questions', 'items', 'jobs', 'endpoints', 'runs', 'team'] as const;
export type DataScope = (typeof dataScopes)[number];

export function method<I extends z.ZodType, O extends z.ZodType>(def: MethodDef<I, O>): MethodDef<I, O> {
  return def;
}

/** The empty input most read methods take; `{}` and `undefined` are both accepted. */
export const noInput = z.object({}).strict().optional().default({});
