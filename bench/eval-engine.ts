import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createBackendInternals } from '../electron/backend';
import { buildRequest, ImageEncoder, type BuiltRequest } from '../electron/backend/engine/request';
import { loadUnits } from '../electron/backend/runs/store/units';
import { extractChoice } from '@shared/scoring/extract';
import { storeAnswer } from '../electron/backend/runs/predictions';
import { seedEvalDataset } from '../test/eval-fixtures';
import { startBenchServer } from './bench-server';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2000);
const CONCURRENCY = 32;
const DELAY_MS = 100;

/** The same number of requests with bare fetch at the same concurrency: what this machine and server allow. */
async function bareFetch(url: string, n: number): Promise<{ seconds: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const res = await fetch(`${url}/chat/completions`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: `Question ${i}: which?` }] }),
      });
      await res.json();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 };
}

async function main() {
  const dir = join(__dirname, 'eval-engine');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await startBenchServer(DELAY_MS);
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  try {
    await backend.call('projects.create', { path: join(dir, 'bench.anchor') });
    const datasetId = await seedEvalDataset(backend, dir, QUESTIONS);
    await backend.call('endpoints.save', { endpoint: { name: 'bench', baseUrl: server.url, model: 'bench-vl', concurrency: CONCURRENCY } });

    const cpu = process.cpuUsage();
    const started = performance.now();
    const run = backend.state.runs.start({
      datasetId, model: 'bench', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
      maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
    }, null);
    await run.done;
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const summary = await backend.call('runs.get', { id: run.runId });
    const bare = await bareFetch(server.url, QUESTIONS);
    const latency = backend.state.requireProject().db.prepare('SELECT avg(latency_ms), max(latency_ms) FROM predictions WHERE run_id = ?').raw().get(run.runId) as [number, number];

    // The parts of the engine's per-question work, measured alone on the same data.
    const db = backend.state.requireProject().db;
    const all = db.prepare('SELECT question_id FROM run_units WHERE run_id = ? ORDER BY position').pluck().all(run.runId) as number[];
    const template = (await backend.call('runs.templates'))[0]!;
    const fresh = backend.state.runs.start({
      datasetId, model: 'random-guess', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
      maxTokens: null, seed: 1, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
    }, null);
    await backend.state.runs.settled(fresh.runId);
    db.prepare('DELETE FROM predictions WHERE run_id = ?').run(fresh.runId);
    const pending = loadUnits(db, fresh.runId, 'unanswered');
    const encoder = new ImageEncoder(db, 1536);
    let t = performance.now();
    const built: BuiltRequest[] = [];
    for (const unit of pending) built.push(await buildRequest(template, unit, true, 1536, encoder));
    const buildUs = ((performance.now() - t) * 1000) / pending.length;
    t = performance.now();
    const replies = ['B', 'The answer is (C).', 'I think it is the square, so B.', 'circle'];
    for (let i = 0; i < pending.length; i++) extractChoice(replies[i % 4]!, pending[i]!.options);
    const extractUs = ((performance.now() - t) * 1000) / pending.length;
    t = performance.now();
    const now = new Date().toISOString();
    pending.forEach((unit, i) => storeAnswer(db, fresh.runId, unit.questionId, unit.pass, {
      raw: 'B', label: 'B', path: 'exact', correct: true, prompt: built[i]!.prompt, judge: [], tokensIn: 100, tokensOut: 2,
      latencyMs: 100, cost: null, cached: false, attempts: 1,
    }, now));
    const writeUs = ((performance.now() - t) * 1000) / pending.length;

    const ideal = CONCURRENCY / (DELAY_MS / 1000);
    const rate = QUESTIONS / seconds;
    const bareRate = QUESTIONS / bare.seconds;
    const cpuPerQ = ((used.user + used.system) / 1000) / QUESTIONS;
    const bareCpuPerQ = bare.cpuMs / QUESTIONS;
    console.log(`${QUESTIONS} questions (one PNG each), concurrency ${CONCURRENCY}, server answers in ${DELAY_MS} ms (separate process)`);
    console.log(`  answered ${summary.answered}, errors ${summary.errors}, ${all.length} units; request latency mean ${latency[0].toFixed(1)} ms, max ${latency[1]} ms`);
    console.log(`  engine   : ${seconds.toFixed(2)} s  ${rate.toFixed(1)} q/s`);
    console.log(`  bare fetch: ${bare.seconds.toFixed(2)} s  ${bareRate.toFixed(1)} q/s (same server, same concurrency, no engine)`);
    console.log(`  ratio engine / ideal ${ideal} q/s: ${(rate / ideal).toFixed(3)} (target >= 0.90)  ${rate / ideal >= 0.9 ? 'OK' : 'BELOW TARGET'}`);
    console.log(`  ratio engine / bare fetch: ${(rate / bareRate).toFixed(3)}`);
    console.log(`  CPU per question: engine process ${cpuPerQ.toFixed(3)} ms, bare fetch ${bareCpuPerQ.toFixed(3)} ms → engine's own ≈ ${(cpuPerQ - bareCpuPerQ).toFixed(3)} ms`);
    const seen = await server.stop();
    console.log(`  server: ${seen.connections} connections for ${seen.requests} requests`);
    console.log(`  parts per question: prompt build + image encoding ${buildUs.toFixed(0)} µs, extraction ${extractUs.toFixed(1)} µs, SQLite write ${writeUs.toFixed(0)} µs`);
  } finally {
    await backend.close();
    await server.stop();
  }
}

void main();
