// Installs what `npm start` and `npm test` need, once: npm packages (one install, with Electron's binary fetched
// afterwards so a machine that cannot download it still gets every package from a single `npm ci`) and, on Debian or
// Ubuntu as root, Chromium for the browser tests. Where Chromium cannot be installed, it says exactly how, and the
// browser tests are reported as skipped. Uses only Node built-ins, because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserState, installCommand } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.anchor-setup');
const lock = join(root, 'package-lock.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (line) => console.log(`setup [${seconds()}]: ${line}`);

function fingerprint() {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) if (existsSync(join(root, f))) h.update(readFileSync(join(root, f)));
  return h.digest('hex');
}

// npm's summary goes to the terminal; its errors are kept to tell a lock out of step from other failures.
function npmRun(args, env) {
  const result = spawnSync(npm, [...args, '--no-audit', '--no-fund'], {
    cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'], maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, output: result.stderr ?? '' };
}

// `npm ci` installs exactly the lock file; a lock out of step with package.json (an edit not yet installed) falls
// back to `npm install`, which brings the lock up to date.
function runInstall(env) {
  if (!existsSync(lock)) return npmRun(['install'], env);
  const ci = npmRun(['ci'], env);
  if (ci.ok || !/EUSAGE|in sync/.test(ci.output)) return ci;
  say('package-lock.json is out of step with package.json; running npm install instead.');
  return npmRun(['install'], env);
}

// Electron's postinstall downloads a ~100 MB binary from outside the npm registry. It is skipped during the one
// install and fetched on its own afterwards, so its failure costs seconds, not a second full install.
function fetchElectronBinary() {
  const script = join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(script)) return;
  say('fetching the Electron runtime for the desktop window…');
  const r = spawnSync(process.execPath, [script], { cwd: join(root, 'node_modules', 'electron'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status === 0) return say('Electron runtime installed.');
  say('the Electron runtime could not be downloaded on this machine, so the desktop window is unavailable here;');
  say('`npm start` will serve the studio in a browser instead, and the Electron tests are skipped with the reason.');
}

function installPackages() {
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint()) return;
  say('installing npm packages (one `npm ci`; a few minutes on a fresh clone)…');
  const result = runInstall({ ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
  if (!result.ok) {
    process.stderr.write(result.output.split('\n').slice(-40).join('\n'));
    console.error('\nsetup: npm install failed (see above).');
    process.exit(1);
  }
  say('npm packages installed.');
  fetchElectronBinary();
  writeFileSync(marker, fingerprint());
}

function installChromium() {
  const state = browserState();
  if (state.path) return;
  if (!state.installable) {
    say(`no Chromium for the browser tests, and it cannot be installed here (${state.why}).`);
    say(`the browser tests will be reported as skipped. To run them: ${installCommand}, or set ANCHOR_CHROMIUM to a Chromium or Chrome binary.`);
    return;
  }
  say('installing Chromium from the system packages for the browser tests (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status === 0 && browserState().path) return say(`Chromium installed: ${browserState().path}`);
  say(`apt-get could not install chromium; the browser tests will be reported as skipped. To run them: ${installCommand}.`);
}

installPackages();
if (!process.argv.includes('--no-browser')) installChromium();
