// A large VLMEvalKit prediction CSV uploaded and imported over HTTP: peak RSS growth of the server (its process) per
// MB of file, against the same file read the way the importer read it before (the whole text, then every record with
// every column, csv-parse's sync API) as the baseline measured in the same run.
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { createBackend } from '../electron/backend';
import { startHttpServer } from '../electron/backend/http/server';
import { sampleTsvRows, writeTsv } from '../test/fixtures';
import { mb, peakRss } from './peak-rss';

const MB = Number(process.env.BENCH_CSV_MB ?? 40);
const QUESTIONS = 500;

/** Sends a file as an upload a chunk at a time: the client shares the server's process, so it must not hold it. */
async function streamUpload(url: string, file: string): Promise<string> {
  const req = request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream' } });
  const answer = new Promise<string>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
  });
  await pipeline(createReadStream(file), req);
  return answer;
}

/** The project and the CSV are made in a process of their own, so the server's RSS holds neither. */
async function prepare(dir: string): Promise<void> {
  const backend = await createBackend({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: join(dir, 'p.anchor') });
  writeTsv(join(dir, 'bench.tsv'), sampleTsvRows(QUESTIONS));
  await backend.call('imports.run', { files: [join(dir, 'bench.tsv')], dataset: 'bench' });
  await backend.close();
  // VLMEvalKit's prediction files repeat the question and its context; that text is what makes them large.
  const filler = 'x'.repeat(Math.floor((MB * 1048576) / QUESTIONS) - 40);
  const lines = Array.from({ length: QUESTIONS }, (_, i) => `${i},"${filler}",B,B`);
  writeFileSync(join(dir, 'GPT_bench.csv'), `index,question,answer,prediction\n${lines.join('\n')}\n`);
}

/** The baseline, in a fresh process: the reader before, the whole text and then every record with every column. */
async function readBaseline(csv: string): Promise<void> {
  const idle = process.memoryUsage.rss();
  const peak = await peakRss(async () => {
    const records: Record<string, string>[] = parseCsv(readFileSync(csv, 'utf8'), { columns: true, skip_empty_lines: true, relax_quotes: true, bom: true });
    if (records.length !== QUESTIONS) throw new Error('baseline read the wrong number of rows');
  });
  process.stdout.write(JSON.stringify({ growth: peak - idle }));
}

async function main(): Promise<void> {
  if (process.argv[2] === 'prepare') return prepare(process.argv[3]!);
  if (process.argv[2] === 'baseline') return readBaseline(process.argv[3]!);
  const dir = mkdtempSync(join(tmpdir(), 'anchor-bench-predictions-'));
  execFileSync(process.execPath, [__filename, 'prepare', dir], { stdio: 'inherit' });
  const csv = join(dir, 'GPT_bench.csv');
  const size = statSync(csv).size;
  const backend = await createBackend({ dataDir: join(dir, 'data'), projectPath: join(dir, 'p.anchor') });
  const server = await startHttpServer(backend, { host: '127.0.0.1', port: 0, staticDir: join(dir, 'none'), maxUploadBytes: 2 * size });
  const datasetId = (await backend.call('datasets.list', {}))[0]!.id;
  const idle = process.memoryUsage.rss();

  const served = await peakRss(async () => {
    const { value } = JSON.parse(await streamUpload(`${server.url}api/upload?name=GPT_bench.csv`, csv)) as { value: { path: string } };
    const res = await fetch(`${server.url}api/runs.importPredictions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ datasetId, path: value.path, format: 'auto', model: 'bench' }),
    });
    const body = (await res.json()) as { ok: boolean; value?: { predictions: number } };
    if (!body.ok || body.value?.predictions !== QUESTIONS) throw new Error(`import answered ${JSON.stringify(body).slice(0, 300)}`);
  });
  await server.close();
  await backend.close();
  const baseline = JSON.parse(execFileSync(process.execPath, [__filename, 'baseline', csv], { encoding: 'utf8' })) as { growth: number };
  console.log(`a ${mb(size)} VLMEvalKit prediction CSV (${QUESTIONS} rows), uploaded and imported over HTTP`);
  console.log(`  server idle RSS                                 ${mb(idle)}`);
  console.log(`  peak RSS growth, upload + streamed import        ${mb(served - idle)}   (${((served - idle) / size).toFixed(2)}× the file)`);
  console.log(`  peak RSS growth, whole-text sync read (baseline) ${mb(baseline.growth)}   (${(baseline.growth / size).toFixed(2)}× the file)`);
  console.log(`  ratio streamed / baseline growth                 ${((served - idle) / Math.max(1, baseline.growth)).toFixed(2)}×`);
  rmSync(dir, { recursive: true, force: true });
}

void main();
