// Runs Doyensec's Electronegativity over the Electron code and the renderer's HTML. Every finding must be fixed or
// justified where it stands with an `eng-disable` comment giving the reason; anything else fails `npm test`.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');

// Scan what ships: the main process and preload sources (not their tests) and the renderer's page.
const stage = mkdtempSync(join(tmpdir(), 'anchor-eng-'));
cpSync(join(root, 'electron', 'main'), join(stage, 'electron', 'main'), { recursive: true, filter: (p) => !p.endsWith('.test.ts') });
cpSync(join(root, 'electron', 'preload'), join(stage, 'electron', 'preload'), { recursive: true });
cpSync(join(root, 'renderer', 'index.html'), join(stage, 'renderer', 'index.html'));
cpSync(join(root, 'package.json'), join(stage, 'package.json'));
const electronVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron.replace(/^[^\d]*/, '');

const result = await run({ input: stage, output: null, isSarif: false, customScan: [], excludeFromScan: [], isRelative: true, electronVersion }, false);
rmSync(stage, { recursive: true, force: true });
const open = result.issues.filter((i) => !i.visibility?.inlineDisabled && !i.visibility?.globalCheckDisabled);
console.log(`electronegativity ${electronVersion}: ${result.atomicChecks} atomic and ${result.globalChecks} global checks, ${result.issues.length} findings, ${open.length} not justified`);
for (const i of open) console.log(`  ${i.severity.name} ${i.id} ${i.file}:${i.location.line} — ${i.description}`);
if (result.errors?.length) console.log(`  ${result.errors.length} files could not be parsed: ${result.errors.map((e) => e.file).join(', ')}`);
process.exit(open.length > 0 || result.errors?.length ? 1 : 0);
