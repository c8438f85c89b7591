import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTsv } from './tsv-fixture';

interface Sample { mode: string; seconds: number; count: number; peakRssMb: number }

// Bundled into bench/.data, which also holds the generated files.
const dir = __dirname;
const size = Number(process.env.BENCH_TSV_MB ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

function measure(mode: 'parse' | 'import', file: string): Sample {
  const out = execFileSync(process.execPath, [join(__dirname, 'import-worker.cjs'), mode, file, dir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as Sample;
}

/**
 * Import throughput of a large VLMEvalKit TSV against merely streaming and parsing the same file, measured
 * alternately in one run (the machines are noisy), with each process's peak memory.
 */
async function main() {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `vlmevalkit-${size}mb.tsv`);
  await ensureTsv(file, size);
  const mb = statSync(file).size / 1_000_000;
  const parse: Sample[] = [];
  const imported: Sample[] = [];
  for (let r = 0; r < rounds; r++) {
    parse.push(measure('parse', file));
    imported.push(measure('import', file));
  }
  const best = (s: Sample[]) => s.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const p = best(parse);
  const i = best(imported);
  const ratio = p.seconds / i.seconds;
  console.log(`TSV ${mb.toFixed(0)} MB, ${i.count} questions, best of ${rounds}`);
  console.log(`  parse only : ${p.seconds.toFixed(2)} s  ${(mb / p.seconds).toFixed(1)} MB/s  peak RSS ${p.peakRssMb.toFixed(0)} MB`);
  console.log(`  import     : ${i.seconds.toFixed(2)} s  ${(mb / i.seconds).toFixed(1)} MB/s  peak RSS ${i.peakRssMb.toFixed(0)} MB`);
  console.log(`  ratio import/parse throughput: ${ratio.toFixed(2)} (target >= 0.50)  ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
  console.log(`  peak import memory: ${i.peakRssMb.toFixed(0)} MB (target < 500)  ${i.peakRssMb < 500 ? 'OK' : 'ABOVE TARGET'}`);
}

void main();
