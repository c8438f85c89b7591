// Offline packaging dry run: electron-builder packs the app for Linux (`dir` target) around a placeholder Electron
// distribution, with no native rebuild, then the asar is checked: the built main, preload and renderer are in it,
// and no tests, TypeScript sources or source maps are. Real installers need `npm run dist` on a networked machine.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { build, Platform } = require('electron-builder');
const asar = require('@electron/asar');

const work = mkdtempSync(join(tmpdir(), 'anchor-pack-'));
const electronDist = join(work, 'electron-dist');
mkdirSync(join(electronDist, 'resources'), { recursive: true });
writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho placeholder electron\n');
chmodSync(join(electronDist, 'electron'), 0o755);

const base = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8'));
const electronVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron.replace(/^[^\d]*/, '');
const output = join(work, 'release');
const problems = [];
try {
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: { ...base, electronDist, electronVersion, npmRebuild: false, directories: { ...base.directories, output } },
  });
  const archive = join(output, 'linux-unpacked', 'resources', 'app.asar');
  const files = asar.listPackage(archive, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
  for (const needed of ['/dist/electron/main.cjs', '/dist/electron/preload.cjs', '/dist/renderer/index.html', '/dist/cli.cjs', '/package.json']) {
    if (!files.includes(needed)) problems.push(`missing ${needed}`);
  }
  const own = files.filter((f) => !f.startsWith('/node_modules/'));
  for (const f of own) {
    if (f.endsWith('.map')) problems.push(`source map shipped: ${f}`);
    if (/\.test\.[jt]sx?$/.test(f) || f.startsWith('/e2e/') || f.startsWith('/test/')) problems.push(`test file shipped: ${f}`);
    if (/\.tsx?$/.test(f) && !f.endsWith('.d.ts')) problems.push(`TypeScript source shipped: ${f}`);
  }
  if (!files.some((f) => f.startsWith('/resources/fonts/'))) problems.push('bundled fonts are missing');
  console.log(`package dry run: ${files.length} entries in app.asar (${own.length} of the app's own), ${problems.length} problems`);
} catch (error) {
  problems.push(`electron-builder failed: ${error.message}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const p of problems) console.log(`  ${p}`);
process.exit(problems.length ? 1 : 0);
