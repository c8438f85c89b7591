import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { createBackendInternals } from '../electron/backend';

const dir = __dirname;
const N = Number(process.env.BENCH_QUESTIONS ?? 50_000);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function time(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * What the dataset browser asks while scrolling and filtering 50,000 questions: one page of 200 rows at random
 * offsets, filtered pages and text searches, against a bare SELECT of the same page size on the same file.
 */
async function main() {
  mkdirSync(dir, { recursive: true });
  const canvas = createCanvas(64, 64);
  canvas.getContext('2d').fillRect(0, 0, 32, 32);
  const image = canvas.toBuffer('image/png').toString('base64');
  const lines = ['index\timage\tquestion\tA\tB\tC\tD\tanswer\tcategory\tsource'];
  for (let i = 0; i < N; i++) {
    lines.push([i, i === 0 ? image : '0', `Question ${i} about picture ${i % 977}?`, 'w', 'x', 'y', 'z', 'ABCD'[i % 4], `cat ${i % 40}`, `src ${i % 3}`].join('\t'));
  }
  const tsv = join(dir, `browse-${N}.tsv`);
  writeFileSync(tsv, `${lines.join('\n')}\n`);
  const project = join(dir, 'browse.anchor');
  rmSync(project, { force: true });
  rmSync(`${project}-wal`, { force: true });
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: project });
  const { datasetId } = await backend.call('imports.run', { files: [tsv] });
  const db = backend.state.requireProject().db;
  const bare = db.prepare('SELECT * FROM questions LIMIT 200 OFFSET ?');
  const offsets = Array.from({ length: 60 }, (_, i) => Math.floor(((i * 7919) % 250) / 250 * (N - 200)));

  const page: number[] = [];
  const baseline: number[] = [];
  for (const offset of offsets) {
    baseline.push(time(() => bare.all(offset)));
    page.push(time(() => backend.handlers['questions.list']({ datasetId, offset, limit: 200 }, { userId: null })));
  }
  const filtered = offsets.slice(0, 20).map((offset, i) =>
    time(() => backend.handlers['questions.list']({ datasetId, category: `cat ${i}`, offset: offset % 1000, limit: 200 }, { userId: null })));
  const searched = ['picture 42', 'Question 4999', 'no such text'].map((text) =>
    time(() => backend.handlers['questions.list']({ datasetId, text, offset: 0, limit: 200 }, { userId: null })));
  await backend.close();

  const p95 = percentile(page, 95);
  const b95 = percentile(baseline, 95);
  console.log(`${N.toLocaleString()} questions, pages of 200 at ${offsets.length} offsets`);
  console.log(`  bare SELECT page  p50 ${percentile(baseline, 50).toFixed(1)} ms  p95 ${b95.toFixed(1)} ms`);
  console.log(`  questions.list    p50 ${percentile(page, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  (ratio p95 ${(p95 / b95).toFixed(1)}× the bare page)`);
  console.log(`  filtered by category p95 ${percentile(filtered, 95).toFixed(1)} ms; text search max ${Math.max(...searched).toFixed(1)} ms`);
}

void main();
