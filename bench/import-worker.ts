import { createReadStream, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { createBackend } from '../electron/backend';

/** Peak resident memory of this process, from the kernel's high-water mark. */
function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : process.memoryUsage().rss / 1048576;
}

/** Baseline: read and parse the file with the importer's parser and options, storing nothing. */
async function parseOnly(file: string): Promise<number> {
  const parser = createReadStream(file).pipe(parse({ delimiter: '\t', info: true, bom: true, relax_quotes: true, skip_empty_lines: true }));
  let cells = 0;
  for await (const { record } of parser as AsyncIterable<{ record: string[] }>) cells += record.length;
  return cells;
}

async function importFile(file: string, dir: string): Promise<number> {
  const project = join(dir, 'bench.anchor');
  rmSync(project, { force: true });
  rmSync(`${project}-wal`, { force: true });
  const backend = await createBackend({ dataDir: join(dir, 'data') });
  await backend.call('projects.create', { path: project });
  const result = await backend.call('imports.run', { files: [file] });
  await backend.close();
  return result.questions;
}

// One measurement per process, so peak memory belongs to that mode alone.
async function main() {
  const [mode, file, dir] = process.argv.slice(2) as [string, string, string];
  const start = process.hrtime.bigint();
  const count = mode === 'parse' ? await parseOnly(file) : await importFile(file, dir);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  process.stdout.write(JSON.stringify({ mode, seconds, count, peakRssMb: peakRssMb() }));
}

void main();
