// Eight people open a large allowed image's thumbnail at the same moment: peak RSS of the server (its process) with
// single-flight thumbnails and the decode bound, vs the same eight decodes done at once as before (the baseline).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createBackendInternals } from '../electron/backend';
import { startHttpServer } from '../electron/backend/http/server';
import { hugePng } from '../test/big-png';
import { sampleTsvRows, writeTsv } from '../test/fixtures';
import { mb, peakRss } from './peak-rss';

const SIDE = Number(process.env.BENCH_SIDE ?? 7000);
const CROWD = 8;

/** Makes the project in its own process, so the server's RSS holds none of the PNG's raw rows or the TSV. */
async function prepare(dir: string): Promise<void> {
  const backend = await createBackendInternals({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: join(dir, 'p.anchor') });
  const rows = sampleTsvRows(2);
  rows[1]![1] = hugePng(SIDE, SIDE, true).toString('base64');
  writeTsv(join(dir, 'large.tsv'), rows);
  await backend.call('imports.run', { files: [join(dir, 'large.tsv')] });
  await backend.close();
}

async function main(): Promise<void> {
  if (process.argv[2] === 'prepare') return prepare(process.argv[3]!);
  const dir = mkdtempSync(join(tmpdir(), 'anchor-bench-thumbs-'));
  execFileSync(process.execPath, [__filename, 'prepare', dir], { stdio: 'inherit' });
  const backend = await createBackendInternals({ dataDir: join(dir, 'data'), projectPath: join(dir, 'p.anchor') });
  const db = backend.state.requireProject().db;
  const hash = db.prepare('SELECT hash FROM images WHERE width = ?').pluck().get(SIDE) as string;
  const image = db.prepare('SELECT bytes FROM images WHERE hash = ?').pluck().get(hash) as Buffer;
  const server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'none') });
  const idle = process.memoryUsage.rss();

  const guarded = await peakRss(() => Promise.all(Array.from({ length: CROWD }, async () => {
    const res = await fetch(`${server.url}media/thumb/${hash}`);
    if (res.status !== 200) throw new Error(`thumbnail answered ${res.status}`);
    await res.arrayBuffer();
  })));
  await server.close();
  await backend.close();

  // The baseline: what the server did before, eight decodes of the same image at once.
  const unguarded = await peakRss(() => Promise.all(Array.from({ length: CROWD }, async () => {
    const decoded = await loadImage(image);
    const canvas = createCanvas(192, 192);
    canvas.getContext('2d').drawImage(decoded, 0, 0, 192, 192);
    return canvas.encode('webp', 80);
  })));
  console.log(`${CROWD} concurrent thumbnail requests of one ${SIDE}×${SIDE} RGBA PNG (${(SIDE * SIDE / 1e6).toFixed(0)} MP, ${mb(SIDE * SIDE * 4)} decoded; file ${Math.round(image.length / 1024)} KB)`);
  console.log(`  server idle RSS                         ${mb(idle)}`);
  console.log(`  peak RSS, single flight + 2 decodes     ${mb(guarded)}   (target < 600 MB)`);
  console.log(`  peak RSS, 8 decodes at once (baseline)  ${mb(unguarded)}`);
  console.log(`  ratio guarded / baseline growth         ${((guarded - idle) / Math.max(1, unguarded - idle)).toFixed(2)}×`);
  rmSync(dir, { recursive: true, force: true });
}

void main();
