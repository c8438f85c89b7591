import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createBackendInternals } from '../electron/backend';
import { seedEvalDataset } from '../test/eval-fixtures';
import { startBenchServer, timedEval, type BenchServer } from './bench-server';

/**
 * A frozen replica: the same 1,000 questions at concurrency 32 per replica, once on two healthy replicas (the
 * baseline), once with the second replica accepting connections and never answering. The endpoint's timeout is
 * `BENCH_TIMEOUT_MS` (5 s): a hung replica can cost no less than one timeout, since only a timeout tells it from a slow
 * one. Prints time with one replica hung / time healthy (goal <= 2).
 */
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 1000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 5000);
const CONCURRENCY = 32;
const DELAY_MS = 100;
const GOAL = 2;

interface Timed { seconds: number; answered: number; errors: number; asked: number[] }

async function timedRun(dir: string, name: string, hung: boolean): Promise<Timed> {
  const servers: BenchServer[] = [await startBenchServer(DELAY_MS, { questions: QUESTIONS }), await startBenchServer(DELAY_MS, { hang: hung })];
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  try {
    await backend.call('projects.create', { path: join(dir, `${name}.anchor`) });
    const datasetId = await seedEvalDataset(backend, dir, QUESTIONS);
    await backend.call('endpoints.save', { endpoint: {
      name, baseUrl: servers[0]!.url, replicas: [servers[1]!.url], model: 'bench-vl', concurrency: CONCURRENCY, timeoutMs: TIMEOUT_MS,
    } });
    const timed = await timedEval(backend, datasetId, name);
    const reports = await Promise.all(servers.map((s) => s.stop()));
    return { ...timed, asked: reports.map((r) => r.requests) };
  } finally {
    await backend.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function main() {
  const dir = join(__dirname, 'hung-replica');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const healthy = await timedRun(dir, 'healthy', false);
  const hung = await timedRun(dir, 'hung', true);
  console.log(`${QUESTIONS} questions, concurrency ${CONCURRENCY} per replica, servers answer in ${DELAY_MS} ms (separate processes), timeout ${TIMEOUT_MS} ms`);
  for (const [label, t] of [['two healthy replicas (baseline)', healthy], ['one replica hung               ', hung]] as const) {
    console.log(`  ${label}: ${t.seconds.toFixed(2)} s, answered ${t.answered}, errors ${t.errors}, requests per replica ${t.asked.join(' / ')}`);
  }
  const ratio = hung.seconds / healthy.seconds;
  console.log(`  ratio hung time / healthy time: ${ratio.toFixed(3)} (goal <= ${GOAL})  ${ratio <= GOAL ? 'OK' : 'ABOVE GOAL'}`);
}

void main();
