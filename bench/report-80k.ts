import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBackendInternals } from '../electron/backend';

const dir = __dirname;
const N = Number(process.env.BENCH_QUESTIONS ?? 20_000);

function time(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * What opening a report costs for a large run: 20,000 four-option questions under CircularEval (80,000 predictions),
 * scored from the project file by every grouping. Baseline: one SQL pass over the same predictions counting right
 * answers per category — the least any report must read.
 */
async function main() {
  mkdirSync(dir, { recursive: true });
  const lines = ['index\tquestion\tA\tB\tC\tD\tanswer\tcategory\tsource'];
  for (let i = 0; i < N; i++) lines.push([i, `Question ${i}?`, `w${i}`, `x${i}`, `y${i}`, `z${i}`, 'ABCD'[i % 4], `cat ${i % 40}`, `src ${i % 3}`].join('\t'));
  const tsv = join(dir, `report-${N}.tsv`);
  writeFileSync(tsv, `${lines.join('\n')}\n`);
  const project = join(dir, 'report.anchor');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${project}${suffix}`, { force: true });
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: project });
  const { datasetId } = await backend.call('imports.run', { files: [tsv] });
  const { runId } = await backend.call('runs.start', { datasetId, model: 'random-guess', circular: true });
  await backend.state.runs.settled(runId);
  const db = backend.state.requireProject().db;
  const bare = db.prepare(`SELECT i.category, count(*), sum(p.correct) FROM predictions p JOIN questions q ON q.id = p.question_id
    JOIN items i ON i.id = q.item_id WHERE p.run_id = ? GROUP BY i.category`);
  const ctx = { userId: null };
  const baseline: number[] = [];
  const report: number[] = [];
  const leaderboard: number[] = [];
  for (let i = 0; i < 5; i++) {
    baseline.push(time(() => bare.all(runId)));
    report.push(time(() => backend.handlers['reports.run']({ id: runId }, ctx)));
    leaderboard.push(time(() => backend.handlers['reports.leaderboard']({ datasetId: null, setting: null, offset: 0, limit: 100 }, ctx)));
  }
  await backend.close();
  const b = median(baseline);
  const r = median(report);
  console.log(`${N.toLocaleString()} questions × 4 CircularEval passes = ${(4 * N).toLocaleString()} predictions, medians of 5`);
  console.log(`  baseline: one grouped SQL count   ${b.toFixed(0)} ms`);
  console.log(`  reports.run (every grouping)       ${r.toFixed(0)} ms  = ${(r / b).toFixed(1)}× the baseline`);
  console.log(`  reports.leaderboard (one run)      ${median(leaderboard).toFixed(0)} ms`);
}

void main();
