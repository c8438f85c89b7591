import { presetTemplate } from '@shared/prompts/templates';
import { inlineQuestionTemplate } from '@shared/optimize/question-template';
import { goldOf, questionNumber } from './question-numbers';
import type { ChatBody } from './openai-server';

/**
 * Local model servers whose behaviour depends on the prompt's wording in a known way, for TP-Eval's tests: the
 * better wording exists, the optimizer proposes it (among bad proposals), and the embeddings rank it.
 */
/** The seeded questions ("Question 3: which shape is marked?") share this template, which p0 writes in. */
export const QUESTION_TEMPLATE = 'Question {slot1}: which shape is marked?';
export const WRAPPER = presetTemplate('vlmevalkit-mcq')!.multipleChoice;
export const P0 = inlineQuestionTemplate(WRAPPER, QUESTION_TEMPLATE);
/** Two edits of the task's own question words: good accuracy, close in meaning. */
export const CAREFUL = P0.replace('{slot1}: which shape', '{slot1}: look carefully, which shape');
/** Ten words added: perfect accuracy, further from p0. */
export const STEPWISE = `Think step by step and look carefully at every detail. ${P0}`;
export const REWRITE = `Here is an entirely different and much longer instruction that throws away the original wording and adds many words nobody asked for at all Question {slot1}: which shape is marked? {options}`;
/** What the optimizer proposes when asked again after a refusal: distinct, within budget, no better than p0. */
export const closer = (round: number, slot: number) => `Look closely r${round}s${slot}. ${P0}`;

/**
 * The target answers right only when the prompt says "carefully", and questions 2, 10, 18… only when it also says
 * "step": on the few-shot set (the even questions) p0 scores 0, CAREFUL 0.75, STEPWISE 1.
 */
export function targetReply(prompt: string): string {
  const gold = goldOf(prompt);
  const wrong = 'ABCD'[('ABCD'.indexOf(gold) + 1) % 4]!;
  if (!prompt.includes('carefully')) return `The answer is ${wrong}.`;
  if (questionNumber(prompt) % 8 === 2 && !prompt.includes('step')) return `The answer is ${wrong}.`;
  return `The answer is ${gold}.`;
}

/** Embeddings whose cosine with p0 is 0.90 for CAREFUL and 0.44 for STEPWISE. */
export function embedding(text: string): number[] {
  return [1, text.includes('carefully') ? 0.484 : 0, text.includes('step') ? 2 : 0];
}

/**
 * The optimizer proposes by slot (the seed's last digit) on its first ask (the seed's tens digit is the ask): in round 1
 * CAREFUL, STEPWISE and a prompt without {options}; afterwards CAREFUL again (a repeat), a rewrite far over the edit
 * budget, and the broken one. Asked again after a refusal it proposes `closer(round, slot)`. As analyzer it explains
 * mistakes.
 */
export function helperReply(prompt: string, body: ChatBody): string {
  if (prompt.startsWith('A multimodal model was evaluated')) return 'The prompt never asks the model to look carefully at the image.';
  const seed = body.seed ?? 0;
  const [round, ask, slot] = [Math.floor(seed / 100), Math.floor((seed % 100) / 10), seed % 10];
  if (ask > 0) return `<prompt>${closer(round, slot)}</prompt>`;
  if (slot === 2) return '<prompt>Question {slot1}: which shape? Pick one.</prompt>';
  if (round === 1) return `Here you go:\n<prompt>${slot === 0 ? CAREFUL : STEPWISE}</prompt>`;
  return `<prompt>${slot === 0 ? CAREFUL : REWRITE}</prompt>`;
}
