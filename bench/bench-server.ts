import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { BackendInternals } from '../electron/backend';

/** What the bench server process saw, printed as one JSON line when it is stopped (`InFlightReport` and counts). */
const serverReport = z.object({
  connections: z.number(), requests: z.number(), faults: z.number(), chains: z.array(z.array(z.string())),
  samples: z.number(), min: z.number(), median: z.number(), bulkSeconds: z.number(), tailSeconds: z.number(),
});
export type ServerReport = z.infer<typeof serverReport>;

export interface BenchServer {
  url: string;
  /** Stops the server and returns what it saw. */
  stop: () => Promise<ServerReport>;
}

/**
 * Starts `openai-server-worker` in its own process (so the engine's CPU is measured alone): reply delay in ms, share
 * of attempts that fail, questions of the run (for in-flight sampling), and `hang` for a replica that never answers.
 */
export async function startBenchServer(delayMs: number, options: { faultShare?: number; questions?: number; hang?: boolean } = {}): Promise<BenchServer> {
  const args = [String(delayMs), String(options.faultShare ?? 0), String(options.questions ?? 0), options.hang ? 'hang' : 'answer'];
  const child = spawn(process.execPath, [join(__dirname, 'openai-server-worker.cjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const url = String((await lines.next()).value);
  let stopped: Promise<ServerReport> | null = null;
  const stop = async () => {
    child.kill();
    return serverReport.parse(JSON.parse(String((await lines.next()).value)));
  };
  // Idempotent: a bench stops its servers in `finally` too, and a second SIGTERM would wait for a line never printed.
  return { url, stop: () => (stopped ??= stop()) };
}

/** Runs the whole dataset on the endpoint named `model` and times it; the backend and its project are the caller's. */
export async function timedEval(backend: BackendInternals, datasetId: number, model: string): Promise<{ seconds: number; answered: number; errors: number }> {
  const started = performance.now();
  const run = backend.state.runs.start({
    datasetId, model, roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
    maxTokens: null, seed: null, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
  }, null);
  await run.done;
  const seconds = (performance.now() - started) / 1000;
  const summary = await backend.call('runs.get', { id: run.runId });
  return { seconds, answered: summary.answered, errors: summary.errors };
}
