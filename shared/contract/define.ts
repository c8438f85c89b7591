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
}

/** Scopes of data that change together; clients key their caches by these. */
export const dataScopes = ['project', 'datasets', 'questions', 'items', 'jobs', 'endpoints', 'runs'] as const;
export type DataScope = (typeof dataScopes)[number];

export function method<I extends z.ZodType, O extends z.ZodType>(def: MethodDef<I, O>): MethodDef<I, O> {
  return def;
}

/** The empty input most read methods take; `{}` and `undefined` are both accepted. */
export const noInput = z.object({}).strict().optional().default({});
