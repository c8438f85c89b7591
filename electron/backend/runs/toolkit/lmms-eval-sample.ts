import type { Role } from '@shared/contract';
import { roleFromEvalType } from '@shared/domain/roles';
import { parseOptions } from '../../formats/options-input';
import type { AnswerKey, ToolkitReading } from './answers';

export type Sample = Record<string, unknown>;

/** Fields lmms-eval writes for every sample (v0.3 and ≥ 0.4); every other field is one of the task's per-sample metrics. */
const SAMPLE_FIELDS = new Set(['doc_id', 'doc', 'target', 'arguments', 'resps', 'filtered_resps', 'token_counts', 'doc_hash', 'input', 'input_media']);
/** Fields of a row that hold the benchmark's own id for the question, tried in this order. */
const ID_FIELDS = ['id', 'question_id', 'index', 'qid', 'sample_id'] as const;
/** Per-sample metrics lmms-eval tasks write as 0/1: the first present is the toolkit's verdict. */
const VERDICT_FIELDS = ['exact_match', 'acc', 'accuracy'] as const;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first string inside `resps` / `filtered_resps`: lists of one list per request before 0.4, a plain string since. */
export function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) { const t = firstText(v); if (t !== null) return t; }
  }
  return null;
}

/** The task's per-sample metrics, as logged (MMBench: `gpt_eval_score`, `submission`; MME: `mme_perception_score`…). */
export function metricsOf(sample: Sample): Record<string, unknown> {
  return Object.fromEntries(Object.entries(sample).filter(([k]) => !SAMPLE_FIELDS.has(k)));
}

/**
 * The rows that may say which question a sample asked: the benchmark row (`doc`, which logs dropped in 0.4), then the
 * task's metric dicts, which carry what its aggregation needs (MMBench's: `index`, `question` and the options A–E).
 */
function rowsOf(sample: Sample, metrics: Record<string, unknown>): Record<string, unknown>[] {
  return [...(isObject(sample.doc) ? [sample.doc] : []), ...Object.values(metrics).filter(isObject)];
}

/** MMBench writes a question's missing options as "nan" (pandas' NaN as text) or leaves them empty. */
const absent = (v: unknown) => typeof v !== 'string' || v.trim() === '' || v === 'nan';

function optionsOf(row: Record<string, unknown>): string[] {
  const listed = row.options ?? row.choices;
  if (listed !== undefined) return parseOptions(listed, 'options').map((o) => o.text);
  return Object.keys(row).filter((k) => /^[A-Z]$/.test(k) && !absent(row[k])).sort().map((k) => String(row[k]));
}

/** The prompt the model was asked: `input` since 0.4, the request's first argument before. */
function promptOf(sample: Sample): string | null {
  if (typeof sample.input === 'string') return sample.input;
  return Array.isArray(sample.arguments) && typeof sample.arguments[0] === 'string' ? sample.arguments[0] : null;
}

/** How a sample names its question; throws a plain Error (the caller adds the line) when its options cannot be read. */
export function sampleKey(sample: Sample, metrics: Record<string, unknown>): AnswerKey {
  const rows = rowsOf(sample, metrics);
  const ids = [...new Set(rows.flatMap((row) => ID_FIELDS.flatMap((f) => (typeof row[f] === 'string' || typeof row[f] === 'number' ? [String(row[f])] : []))))];
  const withText = rows.find((row) => typeof row.question === 'string');
  const text = withText ? { question: String(withText.question), options: optionsOf(withText) } : null;
  return { ids, text, prompt: promptOf(sample) };
}

export function sampleRole(sample: Sample, metrics: Record<string, unknown>): Role {
  const typed = rowsOf(sample, metrics).find((row) => typeof row.eval_type === 'string');
  return typed ? roleFromEvalType(String(typed.eval_type)) ?? 'origin' : 'origin';
}

const isBit = (v: unknown): v is 0 | 1 | boolean => v === 1 || v === 0 || v === true || v === false;

/**
 * The toolkit's own verdict on one sample, where it logs one: a 0/1 metric (`exact_match`, `acc`), a metric dict's 0/1
 * `score` (MME), or MMMU's parsed letter against its answer for a multiple-choice question (its `eval_multi_choice`).
 * MMBench's dicts are judged only when the task aggregates, so they give none.
 */
function verdictOf(sample: Sample, metrics: Record<string, unknown>): boolean | null {
  for (const field of VERDICT_FIELDS) {
    const v = sample[field];
    if (isBit(v)) return v === 1 || v === true;
  }
  for (const m of Object.values(metrics)) {
    if (!isObject(m)) continue;
    if (isBit(m.score)) return m.score === 1 || m.score === true;
    const parsed = Array.isArray(m.parsed_pred) ? m.parsed_pred[0] : undefined;
    if (m.question_type === 'multiple-choice' && typeof parsed === 'string' && typeof m.answer === 'string') return parsed === m.answer;
  }
  return null;
}

/** What lmms-eval read from the reply: MMMU's parsed answer, else the filtered response. */
function labelOf(sample: Sample, metrics: Record<string, unknown>): string | null {
  const parsed = Object.values(metrics).flatMap((m) => (isObject(m) && Array.isArray(m.parsed_pred) && typeof m.parsed_pred[0] === 'string' ? [m.parsed_pred[0]] : []));
  return parsed[0] ?? firstText(sample.filtered_resps);
}

export function sampleReading(sample: Sample, metrics: Record<string, unknown>): ToolkitReading {
  const reading: ToolkitReading = { source: 'lmms-eval', label: labelOf(sample, metrics), verdict: verdictOf(sample, metrics), log: null };
  return Object.keys(metrics).length ? { ...reading, metrics } : reading;
}
