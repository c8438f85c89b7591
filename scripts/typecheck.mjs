// Type-checks every tsconfig: shared code without Node or DOM types, the backend, Electron, the renderer and e2e.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const configs = ['tsconfig.shared.json', 'tsconfig.node.json', 'tsconfig.electron.json', 'tsconfig.renderer.json', 'tsconfig.e2e.json'];
let failed = 0;
for (const config of configs) {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, config)], { stdio: 'inherit' });
  console.log(`typecheck: ${config} ${r.status === 0 ? 'ok' : 'FAILED'}`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
