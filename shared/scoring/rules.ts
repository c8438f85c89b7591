import type { QuestionType } from '../contract/entities';
import { bleu4 } from './bleu';

/**
 * How a question's answer is judged (METHODS §5): `choice` — the extracted label is a gold label; `mmmu-open` — MMMU's
 * open-answer matching; `bleu4` — VRPTest's code answers (LatexTab), right when sentence BLEU-4 against a gold answer
 * is at least 0.8; `exact-text` — the reply equals a gold answer, ignoring case, surrounding space and repeated spaces.
 */
export const scoringRules = ['choice', 'mmmu-open', 'bleu4', 'exact-text'] as const;
export type ScoringRule = (typeof scoringRules)[number];

/** VRPTest: a code answer is right when BLEU-4 ≥ 0.8. */
export const BLEU_THRESHOLD = 0.8;

export function isScoringRule(value: unknown): value is ScoringRule {
  return typeof value === 'string' && (scoringRules as readonly string[]).includes(value);
}

/** The rule a question has when none is set: by its type. */
export function defaultRule(type: QuestionType): ScoringRule {
  return type === 'multiple-choice' ? 'choice' : 'mmmu-open';
}

/** A question's rule from its stored meta (`meta.scoring`, set on import), or the default for its type. */
export function ruleOf(type: QuestionType, meta: string | Record<string, unknown> | null | undefined): ScoringRule {
  // Read per unit and per prediction: the one key is narrowed from what JSON.parse gives, not checked with a schema.
  const parsed: unknown = typeof meta === 'string' ? JSON.parse(meta) : meta;
  const scoring = typeof parsed === 'object' && parsed !== null && 'scoring' in parsed ? parsed.scoring : undefined;
  return isScoringRule(scoring) ? scoring : defaultRule(type);
}

const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Text rules (`bleu4`, `exact-text`): whether the whole reply matches any gold answer. */
export function textRight(rule: 'bleu4' | 'exact-text', gold: readonly string[], response: string): boolean {
  if (rule === 'exact-text') return gold.some((g) => plain(g) === plain(response));
  return gold.some((g) => bleu4(g, response) >= BLEU_THRESHOLD);
}
