import JSON5 from 'json5';
import type { Option } from '@shared/contract';
import { labelOptions, optionLabelProblem } from '@shared/domain/options';
import { stringList } from './fields';

/**
 * Options arrive as a list of texts, a Python-style list stored as a string (MMMU's parquet release), or an object
 * keyed by label; all become labelled options contiguous from A.
 */
export function parseOptions(value: unknown, field: string): Option[] {
  if (value === undefined || value === null) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return [];
    if (!text.startsWith('[')) throw new Error(`field "${field}" must be a list of options, found text`);
    try {
      list = JSON5.parse(text);
    } catch {
      throw new Error(`field "${field}" looks like a list but cannot be parsed: ${text.slice(0, 60)}`);
    }
  }
  if (list && typeof list === 'object' && !Array.isArray(list)) {
    const entries = Object.entries(list as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    const options = entries.map(([label, text]) => {
      if (typeof text !== 'string' && typeof text !== 'number') throw new Error(`option ${label} must be text`);
      return { label, text: String(text) };
    });
    const problem = optionLabelProblem(options);
    if (problem) throw new Error(problem);
    return options;
  }
  const texts = stringList(list, field);
  const problem = optionLabelProblem(texts.map((text, i) => ({ label: String.fromCharCode(65 + i), text })));
  if (problem) throw new Error(problem);
  return labelOptions(texts);
}

/** An open answer that is a list stored as a string ("['1/2', '0.5']") becomes its strings; otherwise itself. */
export function parseAnswerList(value: string): string[] {
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const list = JSON5.parse(text);
      if (Array.isArray(list) && list.every((v) => typeof v === 'string' || typeof v === 'number')) return list.map(String);
    } catch {
      // Not a list after all: the answer is literally this text.
    }
  }
  return [value];
}
