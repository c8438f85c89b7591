import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../electron/backend';
import { png } from './fixtures';

/**
 * Writes a generic-JSONL dataset of `n` multiple-choice questions (each on its own image, answer cycling A–D) and
 * imports it. Each question text carries its number, so a test server can answer it and a test can find it.
 */
export async function seedEvalDataset(backend: Backend, dir: string, n: number, name = 'evalset'): Promise<number> {
  const folder = join(dir, `${name}-files`);
  mkdirSync(join(folder, 'images'), { recursive: true });
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    writeFileSync(join(folder, 'images', `${i}.png`), png(16 + (i % 7), 12, `#${(0x204060 + i * 0x010305).toString(16).slice(-6)}`));
    lines.push(JSON.stringify({
      id: `q${i}`, question: `Question ${i}: which shape is marked?`, options: ['circle', 'square', 'triangle', 'star'],
      answer: 'ABCD'[i % 4], image: `images/${i}.png`, category: i % 2 ? 'odd' : 'even',
    }));
  }
  const file = join(folder, `${name}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const result = await backend.call('imports.run', { files: [file], dataset: name });
  return result.datasetId;
}

/** The gold label of "Question i" in the seeded dataset. */
export function goldOf(prompt: string): string {
  const i = Number(/Question (\d+)/.exec(prompt)?.[1] ?? -1);
  return 'ABCD'[i % 4] ?? 'Z';
}

/** The question number a prompt asks. */
export function questionNumber(prompt: string): number {
  return Number(/Question (\d+)/.exec(prompt)?.[1] ?? -1);
}
