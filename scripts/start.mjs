// `npm start`: the desktop window when the Electron runtime is installed, otherwise the same studio served locally.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const args = process.argv.slice(2);
const binary = electronBinary();
let child;
if (binary && !process.env.ANCHOR_NO_ELECTRON) {
  child = spawn(binary, [root, ...args], { stdio: 'inherit' });
} else {
  console.log('The Electron runtime is not installed on this machine (its download failed or was skipped),');
  console.log('so the desktop window is unavailable. Serving the same studio for your browser instead:\n');
  child = spawn(process.execPath, [join(root, 'bin', 'anchor.cjs'), 'serve', ...args], { stdio: 'inherit' });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
