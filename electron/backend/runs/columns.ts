import { predictionDetailSchema, type PromptMessagePart } from '@shared/contract';
import { jsonColumn } from '../db/json-column';
import type { JudgeTry } from '../engine/settings';
import type { ToolkitReading } from './toolkit/answers';

/** The predictions' JSON columns, read; other domains (TP-Eval's calls log) read them through these. */

/**
 * `prompt`: the user message as sent, images by hash; null on a row stored before prompts were kept. Re-reading a run
 * copies it per prediction, so it is trusted as the engine wrote it rather than parsed with a schema.
 */
export function readPrompt(text: string | null): PromptMessagePart[] {
  return text ? jsonColumn<PromptMessagePart[]>(text) : [];
}

const judgeTries = predictionDetailSchema.shape.judge;

/** `judge`: the judge's tries. Read for one prediction or a calls log, never per unit of a run: checked with the contract's schema. */
export function readJudge(text: string): JudgeTry[] {
  return judgeTries.parse(JSON.parse(text));
}

/** `toolkit`: a toolkit's own verdict kept beside ours; compared per prediction, so trusted as the importer wrote it. */
export function readToolkitReading(text: string | null): ToolkitReading | null {
  return text ? jsonColumn<ToolkitReading>(text) : null;
}
