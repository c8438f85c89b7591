/**
 * The texts TP-Eval sends to its helper models (seed paper §4.2–4.3, §5.4): the optimizer's meta-prompt in four parts —
 * description, pseudo-gradient (top prompts with scores and introspections), examples with gold answers, and the
 * instruction with the edit budget —, the analyzer's introspection request, and the zero-shot variant that learns
 * from other tasks' (original → optimised) pairs. Plain functions of their inputs, so a resumed job sends the very
 * same words and its replies come from the cache.
 */

export type PromptMode = 'whole' | 'prefix';

export interface RankedPrompt {
  prompt: string;
  score: number;
  accuracy: number;
  similarity: number;
  introspection: string | null;
}

export interface Example {
  question: string;
  options: string[];
  answer: string;
}

const PLACEHOLDER_RULE = 'The prompt is a template applied to every question: keep the placeholders {question} and {options} (and {hint_line} if present) exactly as written, each once.';
const PREFIX_RULE = 'The prompt is a short prefix placed before every question of the task; it must not contain a question or an answer itself.';

function exampleLines(examples: readonly Example[]): string {
  return examples.map((e, i) => `${i + 1}. ${e.question}${e.options.length ? ` Options: ${e.options.join('; ')}.` : ''} Correct answer: ${e.answer}`).join('\n');
}

export function optimizerPrompt(input: {
  task: string; mode: PromptMode; top: readonly RankedPrompt[]; examples: readonly Example[]; counter: number;
}): string {
  const gradient = input.top.map((p) => [
    `<prompt>${p.prompt}</prompt>`,
    `Score: ${p.score.toFixed(3)} (accuracy ${p.accuracy.toFixed(3)}, similarity to the original ${p.similarity.toFixed(3)})`,
    `Analysis of its mistakes: ${p.introspection?.trim() || 'none recorded'}`,
  ].join('\n')).join('\n\n');
  return [
    `You improve the prompt given to a multimodal model that is evaluated on the task "${input.task}". A better prompt makes the model answer more questions correctly without changing what the task asks.`,
    input.mode === 'whole' ? PLACEHOLDER_RULE : PREFIX_RULE,
    `Earlier prompts, best first, with their scores and an analysis of the mistakes the model made with them:\n\n${gradient}`,
    `Examples of the task's questions with their correct answers:\n${exampleLines(input.examples)}`,
    `Write one new prompt that is different from all the prompts above and likely to score higher. You can only edit at most ${input.counter} words of the best prompt. Reply with the new prompt only, between <prompt> and </prompt>.`,
  ].join('\n\n');
}

export interface WrongAnswer {
  question: string;
  options: string[];
  gold: string;
  reply: string;
}

export function introspectionPrompt(prompt: string, wrong: readonly WrongAnswer[]): string {
  const cases = wrong.map((w, i) => `${i + 1}. Question: ${w.question}${w.options.length ? ` Options: ${w.options.join('; ')}.` : ''}\n   Correct answer: ${w.gold}\n   The model replied: ${w.reply.slice(0, 600)}`).join('\n');
  return [
    `A multimodal model was evaluated with this prompt:\n<prompt>${prompt}</prompt>`,
    `It answered these questions wrongly:\n${cases}`,
    'In at most four sentences, explain what in the prompt may have led to these mistakes and what wording the model seems to need instead. Do not answer the questions yourself.',
  ].join('\n\n');
}

export interface TransferPair {
  task: string;
  original: string;
  optimised: string;
}

/** Zero-shot mode: no labelled example of the new task, only how other tasks' prompts changed for this model. */
export function zeroShotPrompt(input: { task: string; mode: PromptMode; p0: string; pairs: readonly TransferPair[]; counter: number }): string {
  const pairs = input.pairs.map((p) => `Task "${p.task}"\nOriginal: <prompt>${p.original}</prompt>\nOptimised: <prompt>${p.optimised}</prompt>`).join('\n\n');
  return [
    'Prompts of other tasks were optimised for the same multimodal model; each original prompt was rewritten into one the model answers better with:',
    pairs,
    input.mode === 'whole' ? PLACEHOLDER_RULE : PREFIX_RULE,
    `Rewrite the prompt of the new task "${input.task}" in the way this model appears to prefer. You can only edit at most ${input.counter} words.\n<prompt>${input.p0}</prompt>`,
    'Reply with the new prompt only, between <prompt> and </prompt>.',
  ].join('\n\n');
}

/** The proposed prompt in a reply: between <prompt> tags, else a fenced block, else the whole reply if it is short. */
export function parseCandidate(reply: string): string | null {
  const tagged = /<prompt>([\s\S]*?)<\/prompt>/i.exec(reply);
  const fenced = /```(?:\w+)?\n([\s\S]*?)```/.exec(reply);
  const text = (tagged?.[1] ?? fenced?.[1] ?? (reply.length <= 600 && !/<\/?prompt/i.test(reply) ? reply : '')).trim();
  return text === '' ? null : text;
}

/** Why a candidate cannot be used as a prompt of this mode, or null when it can. */
export function candidateProblem(candidate: string, mode: PromptMode, multipleChoice: boolean): string | null {
  if (mode === 'prefix') return /\{(question|options)\}/.test(candidate) ? 'a prefix must not contain {question} or {options}' : null;
  const count = (p: string) => candidate.split(p).length - 1;
  if (count('{question}') !== 1) return 'the prompt must contain {question} exactly once';
  if (multipleChoice && count('{options}') !== 1) return 'the prompt must contain {options} exactly once';
  return null;
}
