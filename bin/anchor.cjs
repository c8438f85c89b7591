#!/usr/bin/env node
// The `anchor` command. Builds the Node bundle on first use, so `npx anchor` works straight after `npm install`.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const root = join(__dirname, '..');
const cli = join(root, 'dist', 'cli.cjs');
if (!existsSync(cli)) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--node-only'], { cwd: root, stdio: 'inherit' });
}
require(cli);
