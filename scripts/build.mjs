// Builds everything that runs: the Node bundles (CLI + server, Electron main and preload) with esbuild, and the
// renderer with Vite. `--node-only` skips the renderer (the CLI wrapper uses it on first run).
import { build } from 'esbuild';
import { nodeBundle } from './esbuild-common.mjs';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeOnly = process.argv.includes('--node-only');

await Promise.all([
  build({ ...nodeBundle, entryPoints: [join(root, 'electron/backend/cli/main.ts')], outfile: join(root, 'dist/cli.cjs') }),
  build({ ...nodeBundle, entryPoints: [join(root, 'electron/main/main.ts')], outfile: join(root, 'dist/electron/main.cjs') }),
  build({ ...nodeBundle, entryPoints: [join(root, 'electron/preload/preload.ts')], outfile: join(root, 'dist/electron/preload.cjs'), sourcemap: false }),
]);

if (!nodeOnly) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) throw new Error('vite is not installed; run npm install');
  execFileSync(process.execPath, [vite, 'build', '--config', join(root, 'renderer/vite.config.mts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
