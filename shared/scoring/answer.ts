import type { Option, QuestionType } from '../contract/entities';
import { codeOf } from './code-block';
import { extractChoice, type Extracted } from './extract';
import { evalOpen, parseOpenResponse } from './mmmu-open';
import { defaultRule, textRight, type ScoringRule } from './rules';

const REFUSAL = /\b(?:can ?not|can't|unable to)\s+(?:be\s+)?(?:determine|determined|tell|answer)|\bi'?m sorry\b|无法/i;

/**
 * Reads one response: option rules for multiple-choice; for open questions the MMMU parse (METHODS §4), recorded as
 * `exact` with the candidate it compared, or `unanswerable` / `failed` for refusals and empty replies.
 */
export function readResponse(type: QuestionType, options: readonly Option[], response: string, rule: ScoringRule = defaultRule(type)): Extracted {
  if (type === 'multiple-choice' && rule === 'choice') return extractChoice(response, options);
  // Code answers are judged on the code the reply holds (METHODS §5), other text on the whole reply; the label records
  // what was compared. "Sorry for the confusion, here is the table" before a fence is no refusal, and a reply whose
  // only fence is empty holds no code.
  const read = rule === 'bleu4' ? codeOf(response) : response;
  if (read.trim() === '') return { label: null, path: 'failed' };
  if (REFUSAL.test(read)) return { label: null, path: 'unanswerable' };
  if (rule === 'bleu4' || rule === 'exact-text') return { label: read.trim().slice(0, 200), path: 'exact' };
  const candidates = parseOpenResponse(response);
  const first = candidates.find((c) => typeof c === 'string') ?? candidates[0];
  return { label: first === undefined ? response.trim().slice(0, 200) : String(first), path: 'exact' };
}

/** Whether an answer is right: the exact gold label for multiple-choice; MMMU's open matching on the raw response. */
export function isRight(type: QuestionType, gold: readonly string[], label: string | null, response: string | null,
  rule: ScoringRule = defaultRule(type)): boolean {
  if (rule === 'choice') return label !== null && gold.includes(label);
  if (label === null) return false;
  if (rule === 'bleu4' || rule === 'exact-text') return textRight(rule, gold, response ?? label);
  return evalOpen(gold, parseOpenResponse(response ?? label));
}
