import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GRADE_TRIES, MMVET_RETRY_SUFFIX } from '@shared/scoring/graded';
import { png } from './png';
import type { ChatBody } from './openai-server';

/** MM-Vet test material: the conformance fixture's nine questions and replies, and a grader that reads MM-Vet's prompt. */

const fixture = join(__dirname, 'fixtures', 'conformance', 'mmvet');
const mmvet = JSON.parse(readFileSync(join(fixture, 'mm-vet.json'), 'utf8')) as Record<string, { question: string }>;
const predictions = JSON.parse(readFileSync(join(fixture, 'predictions.json'), 'utf8')) as Record<string, string>;

/** The model answers each question with the fixture's prediction for it. */
export const modelReply = (prompt: string) => predictions[Object.keys(mmvet).find((id) => prompt.includes(mmvet[id]!.question)) ?? ''] ?? 'no idea';

/**
 * A grader that reads the row MM-Vet's prompt ends with: `<OR>` right when any element is in the prediction, `<AND>`
 * the share of elements present, otherwise whether the truth is in it. "GARBLE" is never given a score; the price tag
 * gets a non-score first ("Score: 1.0") and its score once asked for a digit. In the second grading run (seed ≥ 5) the
 * grader is harsher on two questions, so runs differ.
 */
export function graderReply(prompt: string, body: ChatBody): string {
  const retry = prompt.endsWith(MMVET_RETRY_SUFFIX);
  const row = (retry ? prompt.slice(0, -MMVET_RETRY_SUFFIX.length) : prompt).split('\n').at(-1)!;
  const [question, truth, prediction] = row.split(' | ') as [string, string, string];
  if (prediction === 'GARBLE') return 'N/A';
  if (prediction.includes('$3') && !retry) return 'Score: 1.0';
  const repeat = Math.floor((body.seed ?? 0) / GRADE_TRIES);
  if (repeat === 1 && question.includes('animal')) return '0.8';
  if (repeat === 1 && question.includes('landmark')) return '0.6';
  const has = (t: string) => prediction.toLowerCase().includes(t.trim().toLowerCase());
  if (truth.includes(' <OR> ')) return truth.split(' <OR> ').some(has) ? '1.0' : '0.0';
  if (truth.includes(' <AND> ')) {
    const parts = truth.split(' <AND> ');
    return String(parts.filter(has).length / parts.length);
  }
  return has(truth) ? '1.0' : '0.0';
}

/** Writes MM-Vet's release layout (`mm-vet.json` beside `images/`) into `dir`; returns the JSON's path. */
export function writeMmVetFolder(dir: string): string {
  const folder = join(dir, 'mm-vet');
  mkdirSync(join(folder, 'images'), { recursive: true });
  Object.keys(mmvet).forEach((id, i) => writeFileSync(join(folder, 'images', `${id}.png`), png(8 + i, 6)));
  writeFileSync(join(folder, 'mm-vet.json'), readFileSync(join(fixture, 'mm-vet.json')));
  return join(folder, 'mm-vet.json');
}
