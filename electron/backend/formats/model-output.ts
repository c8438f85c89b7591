import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import type { Role } from '@shared/contract';
import { roleFromEvalType } from '@shared/domain/roles';
import { AppError } from '../errors';
import { mapInSlices } from '../jobs/slices';

/**
 * Model-output files made by other toolkits, read one way for `anchor score` (offline) and for scoring them inside a
 * project: MMEvalPro's model-output JSON and MMMU's eval-only predictions. Errors name the file and the row.
 */

const mmevalproRow = z.object({
  triplet_id: z.union([z.number(), z.string()]),
  model_output: z.union([z.string(), z.number()]).nullable(),
  answer: z.union([z.string(), z.number()]),
  source: z.string(),
  eval_type: z.string(),
});
const mmmuAnswer = z.union([z.string(), z.number()]).transform(String);
// Whole files are checked only for their shape; their entries one at a time, so that a large file can be checked in
// slices that leave the server free between them (issue 29: one zod pass over 4,096 entries held it for 40–200 ms).
const anyRows = z.array(z.unknown());
const anyEntries = z.record(z.string(), z.unknown());

export function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `cannot read ${basename(path)} as JSON: ${(error as Error).message}`);
  }
}

/** `value` parsed by `schema`, or an error naming the file and where in it (`at`: the place of `value` in the file). */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, path: string, at: readonly PropertyKey[] = []): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new AppError('invalid_input', `${basename(path)}: ${[...at, ...issue.path].map(String).join('.') || 'file'}: ${issue.message}`);
  }
  return r.data;
}

export interface MmEvalProOutputRow {
  /** 1-based, for messages. */
  row: number;
  tripletId: string;
  role: Role;
  source: string;
  /** The model's output as published (already a label in MMEvalPro's files), or null. */
  prediction: string | null;
  answer: string;
}

function mmevalproOutputRow(path: string, value: unknown, i: number): MmEvalProOutputRow {
  const r = parseWith(mmevalproRow, value, path, [i]);
  const role = roleFromEvalType(r.eval_type);
  if (!role) throw new AppError('invalid_input', `${basename(path)}: row ${i + 1}: eval_type "${r.eval_type}" is not Origin, Perception or Knowledge`);
  return { row: i + 1, tripletId: String(r.triplet_id), role, source: r.source, prediction: r.model_output === null ? null : String(r.model_output),
    answer: String(r.answer) };
}

export function readMmEvalProOutput(path: string): MmEvalProOutputRow[] {
  return parseWith(anyRows, readJsonFile(path), path).map((r, i) => mmevalproOutputRow(path, r, i));
}

/** readMmEvalProOutput a slice of rows at a time, for a server (jobs/slices.ts). */
export function readMmEvalProOutputInSlices(path: string, signal?: AbortSignal): Promise<MmEvalProOutputRow[]> {
  return mapInSlices(parseWith(anyRows, readJsonFile(path), path), (r, i) => mmevalproOutputRow(path, r, i), { signal });
}

const mmmuEntry = (path: string, [id, answer]: [string, unknown]): [string, string] => [id, parseWith(mmmuAnswer, answer, path, [id])];

/** MMMU's eval-only predictions: `{ "validation_Art_1": "B", … }`. */
export function readMmmuPredictions(path: string): Record<string, string> {
  return Object.fromEntries(Object.entries(parseWith(anyEntries, readJsonFile(path), path)).map((e) => mmmuEntry(path, e)));
}

/** readMmmuPredictions a slice of entries at a time, for a server, as id and answer pairs in the file's order. */
export function readMmmuPredictionsInSlices(path: string, signal?: AbortSignal): Promise<[string, string][]> {
  return mapInSlices(Object.entries(parseWith(anyEntries, readJsonFile(path), path)), (e) => mmmuEntry(path, e), { signal });
}
