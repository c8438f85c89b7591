import type { z } from 'zod';
import { AppError } from '../errors';

/** A number as people type one: digits with an optional sign, fraction and exponent, and nothing else. */
const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/**
 * Commander's parser for a number option or argument: the number the text spells, or else the text itself, so that
 * the method's schema refuses it under the option's name. Never NaN and never a prefix: `parseInt` once read "2x" as
 * 2 and "1.5" as 1, and `Number` read "abc" as NaN, which surfaced as an internal error or not at all.
 */
export const numeric = (text: string): NumberOption => (NUMBER.test(text) ? Number(text) : text);

/** What a number option holds once `numeric` has read it: the method's schema decides whether it is a number. */
export type NumberOption = number | string;

/**
 * What a user typed for each input field whose option is not `--` and the field's name in kebab case: `timeoutMs`
 * comes from `--timeout`, `id` from the argument `<run>`. Keys are a field's name or its dotted path.
 */
export type OptionNames = Readonly<Record<string, string>>;

/** How the argument of `anchor runs show|retry|resume|export ID` is named in an error. */
export const RUN_ID: OptionNames = { id: '<id> (a run id)' };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return value;
}

/** The option behind an issue's path: the dotted path or the last field name in `names`, else `--field-name`. */
function optionOf(path: readonly PropertyKey[], names: OptionNames): string {
  const fields = path.filter((k): k is string => typeof k === 'string');
  const field = fields[fields.length - 1];
  if (field === undefined) return 'the options';
  return names[fields.join('.')] ?? names[field] ?? `--${kebab(field)}`;
}

/** Fields whose value an error never repeats (it goes to the terminal, logs and CI output). */
const SECRET = /^(password|apiKey|token|ownerToken)$/;

/** What the user gave, when it is short and no secret. */
function givenText(path: readonly PropertyKey[], value: unknown): string {
  const text = JSON.stringify(value);
  if (value === undefined || text === undefined || text.length > 120 || path.some((k) => typeof k === 'string' && SECRET.test(k))) return '';
  return `; got ${text}`;
}

/** One issue in the words of the command line: the option, what it takes, and what it was given. */
function describe(issue: z.core.$ZodIssue, input: unknown, names: OptionNames): string {
  const option = optionOf(issue.path, names);
  const value = valueAt(input, issue.path);
  const given = givenText(issue.path, value);
  if (issue.code === 'invalid_value') return `${option} must be one of ${issue.values.map(String).join(', ')}${given}`;
  if (issue.code === 'invalid_type' && issue.expected === 'number' && value !== undefined) return `${option} takes a number${given}`;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return `${option} takes a whole number${given}`;
  return `${option}: ${issue.message}${given}`;
}

/**
 * A command's options as the input of the method it calls, parsed by that method's own zod schema from the contract:
 * a wrong value is an `invalid_input` error that names the option as typed (exit code 1, `--json` prints it) rather
 * than NaN passed on or a zod error shown as internal. `input` holds commander's values keyed as the method's input.
 */
export function parseOptions<S extends z.ZodType>(schema: S, input: unknown, names: OptionNames = {}): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new AppError('invalid_input', parsed.error.issues.map((issue) => describe(issue, input, names)).join('; '));
}
