import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createBackendInternals } from '../electron/backend';
import { seedEvalDataset } from '../test/eval-fixtures';

/**
 * The engine under faults: 1,000 questions at concurrency 32 against a 100 ms server, once clean and once with 20% of
 * attempts failing (a third of them 429 with Retry-After: 1). Prints time with faults / time clean (goal >= 0.5).
 */
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 1000);
const CONCURRENCY = 32;
const DELAY_MS = 100;

async function startServer(faultShare: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(__dirname, 'openai-server-worker.cjs'), String(DELAY_MS), String(faultShare)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { url, stop: () => child.kill() };
}

async function timedRun(dir: string, name: string, faultShare: number): Promise<{ seconds: number; answered: number; errors: number; attempts: number }> {
  const server = await startServer(faultShare);
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  try {
    await backend.call('projects.create', { path: join(dir, `${name}.anchor`) });
    const datasetId = await seedEvalDataset(backend, dir, QUESTIONS);
    await backend.call('endpoints.save', { endpoint: { name, baseUrl: server.url, model: 'bench-vl', concurrency: CONCURRENCY } });
    const started = performance.now();
    const run = backend.state.runs.start({
      datasetId, model: name, roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
      maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
    }, null);
    await run.done;
    const seconds = (performance.now() - started) / 1000;
    const summary = await backend.call('runs.get', { id: run.runId });
    const attempts = backend.state.requireProject().db.prepare('SELECT sum(attempts) FROM predictions WHERE run_id = ?').pluck().get(run.runId) as number;
    return { seconds, answered: summary.answered, errors: summary.errors, attempts };
  } finally {
    await backend.close();
    server.stop();
  }
}

async function main() {
  const dir = join(__dirname, 'eval-faults');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const clean = await timedRun(dir, 'clean', 0);
  const faulty = await timedRun(dir, 'faulty', 0.2);
  console.log(`${QUESTIONS} questions, concurrency ${CONCURRENCY}, server answers in ${DELAY_MS} ms (separate process)`);
  console.log(`  clean (baseline): ${clean.seconds.toFixed(2)} s, answered ${clean.answered}, errors ${clean.errors}`);
  console.log(`  20% faults      : ${faulty.seconds.toFixed(2)} s, answered ${faulty.answered}, errors ${faulty.errors}, ${faulty.attempts} attempts`);
  const ratio = clean.seconds / faulty.seconds;
  console.log(`  ratio clean time / faulty time: ${ratio.toFixed(3)} (goal >= 0.5)  ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}`);
}

void main();
