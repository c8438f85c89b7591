import { z } from 'zod';
import type { TripletDraft } from '../contract/team-entities';
import { MAX_DRAFT_OPTIONS, MIN_DRAFT_OPTIONS } from '../domain/triplet-validation';
import { optionLabel } from '../domain/options';

/**
 * The prompt a vision model drafts a triplet's perception and knowledge questions with (METHODS §10). The two kinds
 * are MMEvalPro's (Huang, Chen et al. 2024, README of `chenllliang/MMEvalPro`): for each original question annotators
 * write one *perception* question — about what must be seen in the image to answer the original — and one
 * *knowledge anchor* question — about the knowledge or reasoning step the original needs — so a model that answers
 * the original must also answer both. The dataset's guidelines (Markdown, the newest version) come after the rules.
 */
export const DRAFT_PROMPT_VERSION = 1;

export interface DraftPromptInput {
  question: string;
  options: readonly string[];
  answer: readonly string[];
  guidelines: string | null;
}

const rules = `You help build an MMEvalPro triplet. For the ORIGINAL multiple-choice question about the image(s) below, write:
1. one PERCEPTION question: it asks about the visual content a model must see in the image to answer the original question (an object, a value, a label, a relation in the picture). It must need the image, and must not ask the original question again.
2. one KNOWLEDGE question: it asks about the domain knowledge or reasoning step the original question depends on (a fact, a formula, a definition). It must be answerable from knowledge, without restating the original question.
Each is a multiple-choice question with ${MIN_DRAFT_OPTIONS} to ${MAX_DRAFT_OPTIONS} distinct, non-empty options and exactly one correct option.`;

const format = `Reply with one JSON object and nothing else, of this shape:
{"perception": {"question": "...", "options": ["...", "..."], "answer": "A"}, "knowledge": {"question": "...", "options": ["...", "..."], "answer": "B"}}
"answer" is the letter of the correct option (A for the first, B for the second, ...). Do not put letters inside the option texts.`;

export function draftPrompt(input: DraftPromptInput): string {
  const options = input.options.map((o, i) => `${optionLabel(i)}. ${o}`).join('\n');
  const guidelines = input.guidelines?.trim() ? `\n\nThe dataset's annotation guidelines (follow them):\n${input.guidelines.trim()}` : '';
  return `${rules}${guidelines}\n\nORIGINAL question: ${input.question}\n${options ? `Options:\n${options}\n` : ''}`
    + `Correct answer: ${input.answer.join(', ') || 'not given'}\n\n${format}`;
}

const label = z.string().regex(/^[A-Z]$/, 'an option letter, A to Z');
const questionReply = z.object({
  question: z.string().trim().min(1).max(20_000),
  options: z.array(z.string().max(2_000)).min(MIN_DRAFT_OPTIONS).max(MAX_DRAFT_OPTIONS),
  answer: label,
}).strict();
/** The reply's shape; anything else (prose, extra keys, a missing question) is refused, never half-read. */
export const draftReplySchema = z.object({ perception: questionReply, knowledge: questionReply }).strict();

/** A JSON object, on its own or as the only content of one fenced code block (which chat models often add). */
function jsonOf(reply: string): unknown {
  const trimmed = reply.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*)\n```$/.exec(trimmed);
  return JSON.parse(fenced ? fenced[1]! : trimmed);
}

/** The drafts a reply holds, in the form's shape, or the reason it cannot be read. */
export function parseDraftReply(reply: string): { ok: true; draft: TripletDraft } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = jsonOf(reply);
  } catch {
    return { ok: false, reason: 'the reply is not a JSON object' };
  }
  const parsed = draftReplySchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    return { ok: false, reason: `${first.path.join('.') || 'reply'}: ${first.message}` };
  }
  const form = (q: z.infer<typeof questionReply>) => ({ text: q.question, options: q.options, answer: q.answer, rationale: '' });
  return { ok: true, draft: { perception: form(parsed.data.perception), knowledge: form(parsed.data.knowledge) } };
}
