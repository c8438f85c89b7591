import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Role } from '@shared/contract';
import { roleFromEvalType } from '@shared/domain/roles';
import { AppError } from '../../errors';
import { parseOptions } from '../../formats/options-input';
import type { AnswerKey, FileAnswer } from './answers';

/** Fields of a sample's `doc` that hold the benchmark's own id for the question, tried in this order. */
const ID_FIELDS = ['id', 'question_id', 'index', 'qid', 'sample_id'] as const;
/** Per-sample metrics lmms-eval tasks write as 0/1: the first present is the toolkit's verdict. */
const VERDICT_FIELDS = ['exact_match', 'acc', 'accuracy'] as const;

type Sample = Record<string, unknown>;
const fail = (file: string, where: string, message: string) => new AppError('invalid_input', `${basename(file)}: ${where}: ${message}`);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The samples with their lines: JSONL (one per line), a JSON array, or a JSON object with a `logs` array. */
function readSamples(file: string): { where: string; sample: Sample }[] {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const parse = (s: string, where: string): unknown => {
    try { return JSON.parse(s); } catch (error) { throw fail(file, where, `not JSON: ${(error as Error).message}`); }
  };
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && !text.trim().includes('\n{'))) {
    const value = parse(text, 'file');
    const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.logs) ? value.logs : null;
    if (!list) throw fail(file, 'file', 'expected lmms-eval samples: JSON lines, a JSON array, or an object with "logs"');
    return list.map((sample, i) => ({ where: `sample ${i + 1}`, sample: sample as Sample }));
  }
  return text.split('\n').flatMap((line, i) => (line.trim() ? [{ where: `line ${i + 1}`, sample: parse(line, `line ${i + 1}`) as Sample }] : []));
}

/** The first string inside `resps` / `filtered_resps`, which nest one list per request. */
function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) { const t = firstText(v); if (t !== null) return t; }
  }
  return null;
}

function keyOf(doc: Record<string, unknown>, file: string, where: string): AnswerKey {
  const ids = ID_FIELDS.flatMap((f) => (typeof doc[f] === 'string' || typeof doc[f] === 'number' ? [String(doc[f])] : []));
  const question = typeof doc.question === 'string' ? doc.question : null;
  let options: string[];
  try {
    const listed = doc.options ?? doc.choices;
    options = listed !== undefined ? parseOptions(listed, 'options').map((o) => o.text)
      : Object.keys(doc).filter((k) => /^[A-Z]$/.test(k) && typeof doc[k] === 'string' && doc[k] !== '').sort().map((k) => String(doc[k]));
  } catch (error) {
    throw fail(file, where, `doc.options: ${(error as Error).message}`);
  }
  return { ids, text: question === null ? null : { question, options } };
}

function verdictOf(sample: Sample): boolean | null {
  for (const field of VERDICT_FIELDS) {
    const v = sample[field];
    if (v === 1 || v === 0 || v === true || v === false) return v === 1 || v === true;
  }
  return null;
}

/**
 * lmms-eval `--log_samples` output: each sample's `doc` (the benchmark row it asked), `resps` (the raw reply) and
 * `filtered_resps` (the toolkit's reading). `doc_id` is only a position in the task's split, so it is never used to
 * match: the doc's own id, or its question text and options, are.
 */
export function lmmsEvalAnswers(file: string): FileAnswer[] {
  const samples = readSamples(file);
  if (samples.length === 0) throw fail(file, 'file', 'no samples');
  return samples.map(({ where, sample }) => {
    if (!isObject(sample) || !('doc_id' in sample)) throw fail(file, where, 'not an lmms-eval sample (no "doc_id")');
    const doc = isObject(sample.doc) ? sample.doc : {};
    const response = firstText(sample.resps) ?? firstText(sample.filtered_resps);
    if (response === null) throw fail(file, where, 'no reply in "resps" or "filtered_resps"');
    const role: Role = typeof doc.eval_type === 'string' ? roleFromEvalType(doc.eval_type) ?? 'origin' : 'origin';
    return {
      where, key: keyOf(doc, file, where), role, pass: 0, options: null, response,
      toolkit: { source: 'lmms-eval', label: firstText(sample.filtered_resps), verdict: verdictOf(sample), log: null },
    };
  });
}

/** True when a JSON(L) file's first record looks like an lmms-eval sample, for detection by content. */
export function looksLikeLmmsEval(head: string): boolean {
  return /"doc_id"\s*:/.test(head) && /"(filtered_)?resps"\s*:/.test(head);
}
