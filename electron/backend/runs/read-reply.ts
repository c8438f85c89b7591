import type { Option, QuestionType } from '@shared/contract';
import { isRight, readResponse } from '@shared/scoring/answer';
import type { ExtractionPath } from '@shared/scoring/extract';
import { ruleOf } from '@shared/scoring/rules';

/** One reply as the rules read it, and whether that is right. */
export interface Reading { label: string | null; path: ExtractionPath; right: boolean }

/** Reads a stored or imported reply with a live run's rules (METHODS §4, §5), without a judge. */
export function readReply(type: QuestionType, options: readonly Option[], gold: readonly string[], raw: string,
  meta: string | Record<string, unknown> | null | undefined): Reading {
  const rule = ruleOf(type, meta);
  const read = readResponse(type, options, raw, rule);
  return { label: read.label, path: read.path, right: isRight(type, gold, read.label, raw, rule) };
}
