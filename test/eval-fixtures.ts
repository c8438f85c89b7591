import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../electron/backend';
import { png } from './fixtures';

/**
 * Writes a generic-JSONL dataset of `n` multiple-choice questions (each on its own image, answer cycling A–D) and
 * imports it. Each question text carries its number, so a test server can answer it and a test can find it. `options`
 * replaces the four option texts.
 */
export async function seedEvalDataset(backend: Backend, dir: string, n: number, name = 'evalset', options = ['circle', 'square', 'triangle', 'star']): Promise<number> {
  const folder = join(dir, `${name}-files`);
  mkdirSync(join(folder, 'images'), { recursive: true });
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    writeFileSync(join(folder, 'images', `${i}.png`), png(16 + (i % 7), 12, `#${(0x204060 + i * 0x010305).toString(16).slice(-6)}`));
    lines.push(JSON.stringify({
      id: `q${i}`, question: `Question ${i}: which shape is marked?`, options,
      answer: 'ABCD'[i % 4], image: `images/${i}.png`, category: i % 2 ? 'odd' : 'even',
    }));
  }
  const file = join(folder, `${name}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const result = await backend.call('imports.run', { files: [file], dataset: name });
  return result.datasetId;
}

export { goldOf, questionNumber } from './question-numbers';

const EVAL_TYPES = ['Origin', 'Perception', 'Knowledge'] as const;

/**
 * Imports `n` MMEvalPro triplets (questions "Origin question of triplet t" …, options one/two/three, gold B), sources
 * alternating MMMU / ScienceQA, through the real MMEvalPro importer.
 */
export async function seedTripletDataset(backend: Backend, dir: string, n: number, name = 'triplets'): Promise<number> {
  const rows: Record<string, unknown>[] = [];
  for (let t = 1; t <= n; t++) {
    const image = png(10 + (t % 9), 8, `#${(0x305070 + t * 0x0b0b0b).toString(16).slice(-6)}`).toString('base64');
    for (const evalType of EVAL_TYPES) {
      rows.push({
        index: rows.length, triplet_id: t, question: `${evalType} question of triplet ${t}`, choices: ['one', 'two', 'three'],
        answer: 'B', image, source: t % 2 ? 'MMMU' : 'ScienceQA', question_category: t % 3 ? 'math' : 'physics', eval_type: evalType,
      });
    }
  }
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(rows));
  return (await backend.call('imports.run', { files: [file], dataset: name })).datasetId;
}

/** Starts a human run over a dataset and answers every question with `decide(question text)`; returns the run id. */
export async function humanRun(backend: Backend, datasetId: number, decide: (text: string) => string, name?: string): Promise<number> {
  const { runId } = await backend.call('runs.start', { datasetId, model: 'human', ...(name ? { name } : {}) });
  for (let next = await backend.call('runs.nextHuman', { id: runId }); next; next = await backend.call('runs.nextHuman', { id: runId })) {
    await backend.call('runs.answer', { runId, questionId: next.questionId, label: decide(next.text) });
  }
  return runId;
}
