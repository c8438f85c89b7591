import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../electron/backend';
import { inlineQuestionTemplate } from '@shared/optimize/question-template';
import { png } from './fixtures';
import type { ChatBody } from './openai-server';
import { CAREFUL, closer, STEPWISE, WRAPPER } from './optimize-fixtures';

/**
 * Datasets and scripted helper models for TP-Eval as the paper runs it: a task whose items all ask one question (the
 * paper's helmet task), MMMU-style ids whose subjects are the tasks, and an optimizer that keeps failing.
 */

/** Imports a generic-JSONL dataset, one image per row. */
async function importRows(backend: Backend, dir: string, name: string, rows: Record<string, unknown>[]): Promise<number> {
  const folder = join(dir, `${name}-files`);
  mkdirSync(join(folder, 'images'), { recursive: true });
  const lines = rows.map((row, i) => {
    writeFileSync(join(folder, 'images', `${i}.png`), png(10 + (i % 9), 8 + (i % 5), `#${(0x406080 + i * 0x030507).toString(16).slice(-6)}`));
    return JSON.stringify({ ...row, image: `images/${i}.png` });
  });
  const file = join(folder, `${name}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return (await backend.call('imports.run', { files: [file], dataset: name })).datasetId;
}

/** Every item of the helmet task asks this; the answer is always "Yes" (A). */
export const HELMET_QUESTION = 'Is the person wearing a helmet?';
export const HELMET_P0 = inlineQuestionTemplate(WRAPPER, HELMET_QUESTION);
/** The question itself rewritten: the only wording the target answers right with. */
export const HARD_HAT = HELMET_P0.replace(HELMET_QUESTION, 'Is the person wearing a helmet or a hard hat?');
export const WEAR = HELMET_P0.replace(HELMET_QUESTION, 'Does the person wear a helmet?');
export const HEAD = `Look at the head. ${HELMET_P0}`;

export function seedHelmetDataset(backend: Backend, dir: string, n: number): Promise<number> {
  return importRows(backend, dir, 'helmets', Array.from({ length: n }, (_, i) => ({
    id: `h${i}`, question: HELMET_QUESTION, options: ['Yes', 'No'], answer: 'A', category: 'helmet',
  })));
}

/** The target sees the helmet only when asked about a hard hat. */
export function helmetTarget(prompt: string): string {
  return prompt.includes('hard hat') ? 'The answer is A.' : 'The answer is B.';
}

/** The optimizer's three proposals of a round by slot (the seed's last digit); the analyzer's introspection. */
export function helmetHelper(prompt: string, body: ChatBody): string {
  if (prompt.startsWith('A multimodal model was evaluated')) return 'The question never mentions hard hats.';
  return `<prompt>${[HARD_HAT, WEAR, HEAD][(body.seed ?? 0) % 10]}</prompt>`;
}

/** MMMU-style ids over two subjects (their subfields as categories), an extra `group` column, and numbered questions. */
export function seedMmmuLike(backend: Backend, dir: string): Promise<number> {
  const subjects = [['Art_Theory', 'Art History'], ['Math', 'Algebra']] as const;
  return importRows(backend, dir, 'mmmu-like', Array.from({ length: 12 }, (_, i) => {
    const [subject, subfield] = subjects[i % 2]!;
    return {
      id: `validation_${subject}_${i}`, question: `Question ${i}: which shape is marked?`, options: ['circle', 'square', 'triangle', 'star'],
      answer: 'ABCD'[i % 4], category: subfield, group: i < 8 ? 'early' : 'late',
    };
  }));
}

/** A proposal that drops {options}: always refused. */
export const BROKEN = '<prompt>Question {slot1}: which shape? Pick one.</prompt>';
/** Asks refused before round 1's first slot proposes a valid prompt: more than one slot's share of the round. */
export const STUBBORN_ASKS = 5;

/**
 * Round 1: slot 0 is refused STUBBORN_ASKS times before proposing CAREFUL, slots 1 and 2 propose valid prompts at once.
 * Round 2 onwards: every proposal is refused. The analyzer explains mistakes.
 */
export function stubbornHelper(prompt: string, body: ChatBody): string {
  if (prompt.startsWith('A multimodal model was evaluated')) return 'The prompt never asks the model to look carefully at the image.';
  const seed = body.seed ?? 0;
  const [round, ask, slot] = [Math.floor(seed / 100), Math.floor((seed % 100) / 10), seed % 10];
  if (round > 1) return BROKEN;
  if (slot === 0) return ask < STUBBORN_ASKS ? BROKEN : `<prompt>${CAREFUL}</prompt>`;
  return `<prompt>${slot === 1 ? STEPWISE : closer(1, 2)}</prompt>`;
}
