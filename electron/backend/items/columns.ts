import type { Option } from '@shared/contract';
import { jsonColumn } from '../db/json-column';

/**
 * The questions' JSON columns (copied into `run_units` when a run is planned), read. The importers validate them
 * (METHODS §1) before they are written; they are read per unit and per prediction (planning, asking, re-reading,
 * matching, listing), so these readers trust the store rather than parse a schema per row. Other domains read the
 * columns through these (never through this domain's store).
 */

/** `options`: labelled A, B, C… in order; empty for an open question. */
export function readOptions(text: string): Option[] {
  return jsonColumn<Option[]>(text);
}

/** `answer`: a label for multiple-choice; the accepted strings for an open question. */
export function readAnswer(text: string): string[] {
  return jsonColumn<string[]>(text);
}

/** `meta` of an item or a question: the source file's other columns, and a question's `scoring` rule. */
export function readMeta(text: string): Record<string, unknown> {
  return jsonColumn<Record<string, unknown>>(text);
}
