import { presetTemplate } from '../shared/prompts/templates';
import { goldOf, questionNumber } from './question-numbers';
import type { ChatBody } from './openai-server';

/**
 * Local model servers whose behaviour depends on the prompt's wording in a known way, for TP-Eval's tests: the
 * better wording exists, the optimizer proposes it (among bad proposals), and the embeddings rank it.
 */
export const P0 = presetTemplate('vlmevalkit-mcq')!.multipleChoice;
/** Two edits of p0: good accuracy, close in meaning. */
export const CAREFUL = `Look carefully. ${P0}`;
/** Ten words added: perfect accuracy, further from p0. */
export const STEPWISE = `Think step by step and look carefully at every detail. ${P0}`;
export const REWRITE = 'Here is an entirely different and much longer instruction that throws away the original wording and adds many words nobody asked for at all {question} {options}';

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
 * The optimizer proposes by slot (the seed's last two digits): in round 1 CAREFUL, STEPWISE and a prompt without
 * {options}; afterwards CAREFUL again (a repeat), a rewrite far over the edit budget, and the broken one. As analyzer
 * it explains mistakes.
 */
export function helperReply(prompt: string, body: ChatBody): string {
  if (prompt.startsWith('A multimodal model was evaluated')) return 'The prompt never asks the model to look carefully at the image.';
  const round = Math.floor((body.seed ?? 0) / 100);
  const slot = (body.seed ?? 0) % 100;
  if (slot === 2) return '<prompt>Question: {question} Pick one.</prompt>';
  if (round === 1) return `Here you go:\n<prompt>${slot === 0 ? CAREFUL : STEPWISE}</prompt>`;
  return `<prompt>${slot === 0 ? CAREFUL : REWRITE}</prompt>`;
}
