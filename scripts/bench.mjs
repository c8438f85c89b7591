// `npm run bench [name]`: bundles bench/*.ts with esbuild and runs them. Each benchmark prints ratios against a
// baseline measured in the same run; results are recorded in docs/PERFORMANCE.md.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from './esbuild-common.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bench = join(root, 'bench');
const entries = readdirSync(bench).filter((f) => f.endsWith('.ts'));
// Playwright (the canvas benchmark drives Chromium) loads its own files at run time and cannot be bundled.
await build({ ...nodeBundle, external: [...nodeBundle.external, '@playwright/test', 'playwright-core'], sourcemap: false, entryPoints: entries.map((f) => join(bench, f)), outdir: join(bench, '.data'), outExtension: { '.js': '.cjs' } });
const wanted = process.argv.slice(2);
const runnable = ['import-tsv', 'browse-50k', 'score-1m', 'hostile-replies', 'eval-engine', 'eval-faults', 'hung-replica', 'report-80k', 'leaderboard-1m', 'concurrent-saves', 'next-item-20k', 'variants-174', 'canvas-300', 'thumbnail-crowd', 'prediction-upload', 'start-ready', 'near-duplicates'];
for (const name of runnable.filter((n) => wanted.length === 0 || wanted.includes(n))) {
  console.log(`\n### ${name}`);
  execFileSync(process.execPath, [join(bench, '.data', `${name}.cjs`)], { stdio: 'inherit', cwd: root });
}
