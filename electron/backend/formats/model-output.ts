import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import type { Role } from '@shared/contract';
import { roleFromEvalType } from '@shared/domain/roles';
import { AppError } from '../errors';

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
const mmmuPredictions = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));

export function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `cannot read ${basename(path)} as JSON: ${(error as Error).message}`);
  }
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new AppError('invalid_input', `${basename(path)}: ${issue.path.join('.') || 'file'}: ${issue.message}`);
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

export function readMmEvalProOutput(path: string): MmEvalProOutputRow[] {
  const rows = parseWith(z.array(mmevalproRow), readJsonFile(path), path);
  return rows.map((r, i) => {
    const role = roleFromEvalType(r.eval_type);
    if (!role) throw new AppError('invalid_input', `${basename(path)}: row ${i + 1}: eval_type "${r.eval_type}" is not Origin, Perception or Knowledge`);
    return { row: i + 1, tripletId: String(r.triplet_id), role, source: r.source, prediction: r.model_output === null ? null : String(r.model_output),
      answer: String(r.answer) };
  });
}

/** MMMU's eval-only predictions: `{ "validation_Art_1": "B", … }`. */
export function readMmmuPredictions(path: string): Record<string, string> {
  return parseWith(mmmuPredictions, readJsonFile(path), path);
}
