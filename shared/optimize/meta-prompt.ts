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

/**
 * The rule for whole-prompt mode. `slots` null: the wrapper around a verbatim {question}. Otherwise the task's question
 * is written into the prompt and its words are editable; only its slots stay — none at all when every item asks the
 * same question (the paper's helmet or artwork-emotion tasks), which the optimizer may then rewrite whole.
 */
function placeholderRule(slots: readonly string[] | null): string {
  if (slots === null) return PLACEHOLDER_RULE;
  const whole = 'The prompt is the task\'s whole prompt, including the wording of its question, applied to every question of the task: you may rephrase any of its words';
  if (slots.length === 0) return `${whole}, including the question itself (every item of the task asks it), but keep {options} (and {hint_line} if present) exactly as written, each once.`;
  const names = slots.map((s) => `{${s}}`).join(', ');
  return `${whole}, but keep the slots ${names} and {options} (and {hint_line} if present) exactly as written, each once; each question fills the slots with its own words.`;
}

/** A proposal refused for this slot, told back to the optimizer when it is asked again. */
export interface Refusal {
  prompt: string;
  problem: string;
}

function refusalLines(refused: readonly Refusal[]): string[] {
  if (refused.length === 0) return [];
  const lines = refused.map((r) => `<prompt>${r.prompt}</prompt>\nRefused: ${r.problem}.`).join('\n');
  return [`Your earlier proposals for this step could not be used:\n${lines}\nPropose a different prompt that respects every rule above.`];
}
const PREFIX_RULE = 'The prompt is a short prefix placed before every question of the task; it must not contain a question or an answer itself.';

function exampleLines(examples: readonly Example[]): string {
  return examples.map((e, i) => `${i + 1}. ${e.question}${e.options.length ? ` Options: ${e.options.join('; ')}.` : ''} Correct answer: ${e.answer}`).join('\n');
}

export function optimizerPrompt(input: {
  task: string; mode: PromptMode; top: readonly RankedPrompt[]; examples: readonly Example[]; counter: number;
  slots?: readonly string[] | null; refused?: readonly Refusal[];
}): string {
  const gradient = input.top.map((p) => [
    `<prompt>${p.prompt}</prompt>`,
    `Score: ${p.score.toFixed(3)} (accuracy ${p.accuracy.toFixed(3)}, similarity to the original ${p.similarity.toFixed(3)})`,
    `Analysis of its mistakes: ${p.introspection?.trim() || 'none recorded'}`,
  ].join('\n')).join('\n\n');
  return [
    `You improve the prompt given to a multimodal model that is evaluated on the task "${input.task}". A better prompt makes the model answer more questions correctly without changing what the task asks.`,
    input.mode === 'whole' ? placeholderRule(input.slots ?? null) : PREFIX_RULE,
    `Earlier prompts, best first, with their scores and an analysis of the mistakes the model made with them:\n\n${gradient}`,
    `Examples of the task's questions with their correct answers:\n${exampleLines(input.examples)}`,
    `Write one new prompt that is different from all the prompts above and likely to score higher. You can only edit at most ${input.counter} words of the best prompt. Reply with the new prompt only, between <prompt> and </prompt>.`,
    ...refusalLines(input.refused ?? []),
  ].join('\n\n');
}

export interface WrongAnswer {
  question: string;
  options: string[];
  gold: string;
  reply: string;
  /** The question's images, by a reference the caller resolves (the paper's M_A sees "corresponding images and answers"). */
  images: string[];
}

/** A piece of a helper's message: text, or an image by the caller's reference. */
export type HelperPart = { kind: 'text'; text: string } | { kind: 'image'; ref: string };

/**
 * The analyzer's introspection request as message parts: each wrong answer with its images right after it when the
 * analyzer takes images, so it can see what the target misread; text only otherwise.
 */
export function introspectionParts(prompt: string, wrong: readonly WrongAnswer[], withImages: boolean): HelperPart[] {
  const parts: HelperPart[] = [{ kind: 'text', text: `A multimodal model was evaluated with this prompt:\n<prompt>${prompt}</prompt>\n\nIt answered these questions wrongly${withImages ? ' (each question\'s image follows it)' : ''}:` }];
  wrong.forEach((w, i) => {
    parts.push({ kind: 'text', text: `${i + 1}. Question: ${w.question}${w.options.length ? ` Options: ${w.options.join('; ')}.` : ''}\n   Correct answer: ${w.gold}\n   The model replied: ${w.reply.slice(0, 600)}` });
    if (withImages) for (const ref of w.images) parts.push({ kind: 'image', ref });
  });
  parts.push({ kind: 'text', text: 'In at most four sentences, explain what in the prompt may have led to these mistakes and what wording the model seems to need instead. Do not answer the questions yourself.' });
  return parts;
}

/** The introspection request as one text, as a text-only analyzer gets it. */
export function introspectionPrompt(prompt: string, wrong: readonly WrongAnswer[]): string {
  return introspectionParts(prompt, wrong, false).flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join('\n');
}

export interface TransferPair {
  task: string;
  original: string;
  optimised: string;
}

/** Zero-shot mode: no labelled example of the new task, only how other tasks' prompts changed for this model. */
export function zeroShotPrompt(input: {
  task: string; mode: PromptMode; p0: string; pairs: readonly TransferPair[]; counter: number; slots?: readonly string[] | null; refused?: readonly Refusal[];
}): string {
  const pairs = input.pairs.map((p) => `Task "${p.task}"\nOriginal: <prompt>${p.original}</prompt>\nOptimised: <prompt>${p.optimised}</prompt>`).join('\n\n');
  return [
    'Prompts of other tasks were optimised for the same multimodal model; each original prompt was rewritten into one the model answers better with:',
    pairs,
    input.mode === 'whole' ? placeholderRule(input.slots ?? null) : PREFIX_RULE,
    `Rewrite the prompt of the new task "${input.task}" in the way this model appears to prefer. You can only edit at most ${input.counter} words.\n<prompt>${input.p0}</prompt>`,
    'Reply with the new prompt only, between <prompt> and </prompt>.',
    ...refusalLines(input.refused ?? []),
  ].join('\n\n');
}

/** The proposed prompt in a reply: between <prompt> tags, else a fenced block, else the whole reply if it is short. */
export function parseCandidate(reply: string): string | null {
  const tagged = /<prompt>([\s\S]*?)<\/prompt>/i.exec(reply);
  const fenced = /```(?:\w+)?\n([\s\S]*?)```/.exec(reply);
  const text = (tagged?.[1] ?? fenced?.[1] ?? (reply.length <= 600 && !/<\/?prompt/i.test(reply) ? reply : '')).trim();
  return text === '' ? null : text;
}

/**
 * Why a candidate cannot be used as a prompt of this mode, or null when it can. `slots` as for the meta-prompt: null
 * when the prompt wraps a verbatim {question}; the question template's slots (possibly none) when it is written in.
 */
export function candidateProblem(candidate: string, mode: PromptMode, multipleChoice: boolean, slots: readonly string[] | null = null): string | null {
  if (mode === 'prefix') return /\{(question|options)\}/.test(candidate) ? 'a prefix must not contain {question} or {options}' : null;
  const count = (p: string) => candidate.split(p).length - 1;
  if (slots !== null) {
    if (count('{question}') > 0) return 'the task\'s question is written into the prompt; it must not contain {question}';
    const lost = slots.find((s) => count(`{${s}}`) !== 1);
    if (lost) return `the prompt must contain the slot {${lost}} exactly once`;
  } else if (count('{question}') !== 1) return 'the prompt must contain {question} exactly once';
  if (multipleChoice && count('{options}') !== 1) return 'the prompt must contain {options} exactly once';
  return null;
}
