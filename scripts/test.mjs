// `npm test`: build, type-check every tsconfig, unit and backend tests (Vitest), then the Playwright e2e suite in
// Debian's Chromium (and in Electron where its runtime exists). Ends with one summary line of all counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserState, installCommand } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const node = process.execPath;
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

function run(title, args, env = {}) {
  console.log(`\n=== ${title}`);
  const r = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

if (want('build') && !run('build', ['scripts/build.mjs'])) failures.push('build');
if (want('typecheck') && !run('typecheck', ['scripts/typecheck.mjs'])) failures.push('typecheck');
// Lint and layout: layer boundaries, stores, function length, the recommended rules and the formatter's rules
// (eslint.config.mjs) fail the run; `npm run format` fixes the layout.
if (want('lint') && !run('lint', ['node_modules/eslint/bin/eslint.js', '.'])) failures.push('lint');

if (want('security') && !run('electronegativity', ['scripts/electronegativity.mjs'])) failures.push('electronegativity');
if (want('package') && !run('packaging dry run', ['scripts/package-dry-run.mjs'])) failures.push('packaging dry run');

if (want('unit')) {
  const out = join(reports, 'vitest.json');
  if (!run('vitest', ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`])) failures.push('vitest');
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    counts.passed += r.numPassedTests ?? 0;
    counts.failed += r.numFailedTests ?? 0;
    counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
}

const notes = [];
if (want('e2e')) {
  // Without a browser the suite still runs: every test skips itself with the reason (e2e/support/test.ts).
  const browser = browserState();
  if (!browser.path) notes.push(`browser tests skipped: no Chromium here${browser.why ? ` (${browser.why})` : ''}. To run them: ${installCommand}, or set ANCHOR_CHROMIUM, then \`npm test\` again.`);
  const out = join(reports, 'playwright.json');
  if (!run('playwright', ['node_modules/@playwright/test/cli.js', 'test'])) failures.push('playwright');
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    counts.failed += s.unexpected ?? 0;
    counts.skipped += s.skipped ?? 0;
  }
}

if (failures.length && counts.failed === 0) counts.failed = failures.length;
for (const note of notes) console.log(`\n${note}`);
console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
