import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { AppError } from '../../errors';
import type { AnswerKey, FileAnswer } from './answers';
import { firstText, isObject, metricsOf, sampleKey, sampleReading, sampleRole, type Sample } from './lmms-eval-sample';

const fail = (file: string, where: string, message: string) => new AppError('invalid_input', `${basename(file)}: ${where}: ${message}`);

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

function keyAt(file: string, where: string, sample: Sample, metrics: Record<string, unknown>): AnswerKey {
  try {
    return sampleKey(sample, metrics);
  } catch (error) {
    throw fail(file, where, (error as Error).message);
  }
}

/**
 * lmms-eval `--log_samples` output. Before 0.4 each sample carries its `doc` (the benchmark row it asked), `arguments`,
 * `resps` (the raw reply) and `filtered_resps` (the toolkit's reading), as lists; from 0.4 on `doc` and `arguments` are
 * dropped, `input` holds the prompt, `filtered_resps` is a string and `resps` is left out when it equals it. `doc_id` is
 * only a position in the task's split, so it is never used to match: the row's own id, its question text and options
 * (from `doc` or the task's metric dicts), or the prompt are.
 */
export function lmmsEvalAnswers(file: string): FileAnswer[] {
  const samples = readSamples(file);
  if (samples.length === 0) throw fail(file, 'file', 'no samples');
  return samples.map(({ where, sample }) => {
    if (!isObject(sample) || !('doc_id' in sample)) throw fail(file, where, 'not an lmms-eval sample (no "doc_id")');
    const response = firstText(sample.resps) ?? firstText(sample.filtered_resps);
    if (response === null) throw fail(file, where, 'no reply in "resps" or "filtered_resps"');
    const metrics = metricsOf(sample);
    const key = keyAt(file, where, sample, metrics);
    return { where, key, role: sampleRole(sample, metrics), pass: 0, options: null, response, toolkit: sampleReading(sample, metrics) };
  });
}

/** True when a JSON(L) file's first record looks like an lmms-eval sample, for detection by content. */
export function looksLikeLmmsEval(head: string): boolean {
  return /"doc_id"\s*:/.test(head) && /"(filtered_)?resps"\s*:/.test(head);
}
