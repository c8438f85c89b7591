import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createBackendInternals } from '../electron/backend';
import { seedEvalDataset } from '../test/eval-fixtures';
import { startBenchServer, timedEval, type ServerReport } from './bench-server';
import { idealMilliseconds, type IdealClient } from './fault-ceiling';

/**
 * The engine under faults: 1,000 questions at concurrency 32 against a 100 ms server, once clean and once with 20% of
 * attempts failing (a third of them 429 with Retry-After: 1). Prints time clean / time with faults (goal >= 0.7) and
 * the server's requests in flight while work remained.
 */
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 1000);
const CONCURRENCY = 32;
const DELAY_MS = 100;
const GOAL = 0.7;

interface Timed { seconds: number; answered: number; errors: number; server: ServerReport }

async function timedRun(dir: string, name: string, faultShare: number): Promise<Timed> {
  const server = await startBenchServer(DELAY_MS, { faultShare, questions: QUESTIONS });
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  try {
    await backend.call('projects.create', { path: join(dir, `${name}.anchor`) });
    const datasetId = await seedEvalDataset(backend, dir, QUESTIONS);
    await backend.call('endpoints.save', { endpoint: { name, baseUrl: server.url, model: 'bench-vl', concurrency: CONCURRENCY } });
    const timed = await timedEval(backend, datasetId, name);
    return { ...timed, server: await server.stop() };
  } finally {
    await backend.close();
    await server.stop();
  }
}

function line(label: string, t: Timed): string {
  const s = t.server;
  return `  ${label}: ${t.seconds.toFixed(2)} s, answered ${t.answered}, errors ${t.errors}, ${s.requests} attempts (${s.faults} faults); `
    + `in flight while work remained min ${s.min} / median ${s.median} over ${s.bulkSeconds.toFixed(2)} s, tail ${s.tailSeconds.toFixed(2)} s`;
}

async function main() {
  const dir = join(__dirname, 'eval-faults');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const clean = await timedRun(dir, 'clean', 0);
  const faulty = await timedRun(dir, 'faulty', 0.2);
  console.log(`${QUESTIONS} questions, concurrency ${CONCURRENCY}, server answers in ${DELAY_MS} ms (separate process)`);
  console.log(line('clean (baseline)', clean));
  console.log(line('20% faults      ', faulty));
  const ratio = clean.seconds / faulty.seconds;
  console.log(`  ratio clean time / faulty time: ${ratio.toFixed(3)} (goal >= ${GOAL})  ${ratio >= GOAL ? 'OK' : 'BELOW GOAL'}`);
  printCeiling(clean.server, faulty.server);
}

/** The same ratio for an ideal client with no CPU cost meeting the same faults: what any engine could reach at best. */
function printCeiling(clean: ServerReport, faulty: ServerReport): void {
  const ideal: IdealClient = { concurrency: CONCURRENCY, attemptMs: DELAY_MS, retryAfterMs: 1000, failureWaitMs: 0 };
  const idealClean = idealMilliseconds(clean.chains, ideal);
  const honouring = idealMilliseconds(faulty.chains, ideal);
  const ignoring = idealMilliseconds(faulty.chains, { ...ideal, retryAfterMs: 0 });
  console.log(`  ideal client (no CPU, every slot busy, retries first, 500s retried at once), same faults: clean ${(idealClean / 1000).toFixed(2)} s;`);
  console.log(`    honouring Retry-After: ${(honouring / 1000).toFixed(2)} s, ceiling ratio ${(idealClean / honouring).toFixed(3)};`
    + ` ignoring it: ${(ignoring / 1000).toFixed(2)} s, ratio ${(idealClean / ignoring).toFixed(3)}`);
}

void main();
