import { scoringRules, type QuestionType, type ScoringRule } from '../contract/entities';
import { bleu4 } from './bleu';
import { codeOf } from './code-block';

// The rule names are wire vocabulary: they live with the question entity (contract/entities.ts), below this floor.
export { scoringRules, type ScoringRule } from '../contract/entities';

/** VRPTest: a code answer is right when its BLEU-4 is "exceeding 0.8" — strictly above; 0.8 itself is wrong. */
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

/**
 * Text rules: `exact-text` compares the whole reply with each gold answer; `bleu4` scores the code the reply contains
 * (its first fenced block, else the whole reply) against each gold answer.
 */
export function textRight(rule: 'bleu4' | 'exact-text', gold: readonly string[], response: string): boolean {
  if (rule === 'exact-text') return gold.some((g) => plain(g) === plain(response));
  const code = codeOf(response);
  return gold.some((g) => bleu4(g, code) > BLEU_THRESHOLD);
}
