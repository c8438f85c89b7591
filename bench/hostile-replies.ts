import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractChoice } from '@shared/scoring/extract';
import { parseOpenResponse } from '@shared/scoring/mmmu-open';
import { READ_LIMIT } from '@shared/scoring/read-limit';
import { createBackend } from '../electron/backend';
import { startHttpServer } from '../electron/backend/http/server';

const SIZE = 100_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const QUESTIONS = 4096;
const dir = join(__dirname, 'hostile-replies');
const options = ['a red circle', 'a blue square', '15', 'Both A and B'].map((text, i) => ({ label: 'ABCD'[i]!, text }));

const rep = (phrase: string, size: number) => phrase.repeat(Math.ceil(size / phrase.length)).slice(0, size);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const best = (xs: number[]) => Math.min(...xs);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Replies built to make the reading rules work hard: each phrase they look for, over and over. */
function generators(size: number): Record<string, string> {
  let numbers = '';
  for (let i = 0; numbers.length < size; i++) numbers += `${(i * 0.37).toFixed(2)} `;
  const phrases = ['answer is ', 'answer: ', 'A ', 'A\n', '(B) ', 'A or ', 'not B ', 'wait ', '答案是', 'cannot determine ', 'none of the ', '\\boxed{',
    '<answer>', '{"answer": ', '1', '1.', '-1', '1e', '.5', '1.1e1 ', '$1$', '1,000', '(', '[', 'so ', '= 1\n', 'is \n', 'a red circle ',
    '<think>', '</think>', 'B. a red circle ', 'no, B ', 'Final: ', 'A ou '];
  const out: Record<string, string> = { 'answer is … .x': `${rep('answer is ', size - 2)}.x`, 'quotes inside': `x${rep('"', size - 2)}x`,
    'spaces inside': `x${rep(' ', size - 2)}x`, 'distinct numbers': numbers.slice(0, size) };
  for (const p of phrases) out[JSON.stringify(p)] = rep(p, size);
  return out;
}

function timeOf(fn: () => unknown): number {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  // The best of the rounds: on a shared machine the others measure the neighbours.
  return best(times);
}

function readingTimes(size: number): void {
  // Baseline: reasoning as models write it, lines with numbers and the words the rules look for, no letter.
  const plain = rep('Step 3: the triangle in the picture has sides of 3, 4 and 5 cm, so its area is 6 square centimetres and its perimeter 12 cm.\n', size);
  const plainChoice = timeOf(() => extractChoice(plain, options));
  const plainOpen = timeOf(() => parseOpenResponse(plain));
  let worst = { name: '', choice: 0, open: 0 };
  for (const [name, reply] of Object.entries(generators(size))) {
    const choice = timeOf(() => extractChoice(reply, options));
    const open = timeOf(() => parseOpenResponse(reply));
    if (Math.max(choice, open) > Math.max(worst.choice, worst.open)) worst = { name, choice, open };
  }
  const ratio = (t: number, base: number) => (t / Math.max(base, 0.05)).toFixed(1);
  console.log(`  ${size.toLocaleString()} characters: plain reply  choice ${plainChoice.toFixed(2)} ms, open ${plainOpen.toFixed(2)} ms`);
  console.log(`    worst (${worst.name})  choice ${worst.choice.toFixed(2)} ms (${ratio(worst.choice, plainChoice)}×), open ${worst.open.toFixed(2)} ms (${ratio(worst.open, plainOpen)}×)`);
}

/**
 * The longest time between two turns of the event loop while `busy()`, and the CPU time this process used in it: on a
 * shared machine the wall time includes waiting for a core, the CPU time is what the same hold costs on a quiet one.
 */
function watchHolds(busy: () => boolean): { wall: number; cpu: number } {
  const longest = { wall: 0, cpu: 0 };
  let at = performance.now();
  let cpu = process.cpuUsage();
  const tick = () => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    if (now - at > longest.wall) Object.assign(longest, { wall: now - at, cpu: (used.user + used.system) / 1000 });
    at = now;
    cpu = process.cpuUsage();
    if (busy()) setImmediate(tick);
  };
  setImmediate(tick);
  return longest;
}

async function serverDuringImport(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const backend = await createBackend({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: join(dir, 'hostile.anchor') });
  const questions = Array.from({ length: QUESTIONS }, (_, i) => JSON.stringify({ id: `q${i}`, question: `Question ${i}?`, options: options.map((o) => o.text), answer: 'ABCD'[i % 4] }));
  writeFileSync(join(dir, 'plain.jsonl'), `${questions.join('\n')}\n`);
  const { datasetId } = await backend.call('imports.run', { files: [join(dir, 'plain.jsonl')], dataset: 'plain', format: 'jsonl' });
  // Eight hostile replies of 100 KB (as in issue 29) and eight just under the cap, among plain ones.
  const hostile = [...Object.values(generators(SIZE)).slice(0, 8), ...Object.values(generators(READ_LIMIT - 1)).slice(0, 8)];
  const replies = Object.fromEntries(Array.from({ length: QUESTIONS }, (_, i) => [`q${i}`, i % 256 === 5 ? hostile[i >> 8]! : `The answer is ${'ABCD'[i % 4]}.`]));
  writeFileSync(join(dir, 'predictions.json'), JSON.stringify(replies));
  const server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'none') });
  const post = async (method: string, body: unknown) => {
    const res = await fetch(`${server.url}api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json() as Promise<{ ok: boolean }>;
  };
  const list = async (into: number[]) => {
    const t = performance.now();
    await post('datasets.list', {});
    into.push(performance.now() - t);
  };
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) await list(idle);
  const during: number[] = [];
  let done = false;
  const holds = watchHolds(() => !done);
  const started = performance.now();
  const imported = post('runs.importPredictions', { datasetId, path: join(dir, 'predictions.json'), format: 'mmmu', model: 'hostile' }).finally(() => {
    done = true;
  });
  while (!done) await list(during);
  const importMs = performance.now() - started;
  if (!(await imported).ok) throw new Error('the import failed');
  console.log(`  import of ${QUESTIONS} replies (16 hostile) over HTTP: ${importMs.toFixed(0)} ms; datasets.list answered ${during.length} times meanwhile`);
  console.log(`    datasets.list idle      p50 ${median(idle).toFixed(2)} ms   max ${Math.max(...idle).toFixed(2)} ms`);
  console.log(`    datasets.list importing p50 ${median(during).toFixed(2)} ms   p95 ${percentile(during, 0.95).toFixed(2)} ms   max ${Math.max(...during).toFixed(2)} ms (target < 100 ms)`);
  console.log(`    longest hold of the server's thread during the import: ${holds.wall.toFixed(1)} ms, of which ${holds.cpu.toFixed(1)} ms of this process's CPU time`);
  await server.close();
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Issue 29: pathological replies (every phrase the reading rules look for, repeated; digit runs; quotes and spaces
 * with a word at each end) read against a plain reply of the same length, at 100 KB and just under the reading cap
 * (READ_LIMIT, where the rules still read everything); then another caller's `datasets.list` over HTTP while a lead
 * imports a file holding such replies, against the same call on an idle server.
 */
async function main() {
  console.log(`reading one reply (best of ${ROUNDS})`);
  readingTimes(SIZE);
  readingTimes(READ_LIMIT);
  await serverDuringImport();
}

void main();
