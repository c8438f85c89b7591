// Installs what `npm start` and `npm test` need, once: npm packages (falling back to no Electron binary when it
// cannot be downloaded) and, on Debian as root, Chromium for the browser tests. Uses only Node built-ins, because it
// runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.anchor-setup');
const lock = join(root, 'package-lock.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function fingerprint() {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) if (existsSync(join(root, f))) h.update(readFileSync(join(root, f)));
  return h.digest('hex');
}

function npmRun(args, env) {
  const result = spawnSync(npm, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? '');
  return { ok: result.status === 0, output: `${result.stdout ?? ''}\n${result.stderr ?? ''}` };
}

// `npm ci` installs exactly the lock file; a lock out of step with package.json (an edit not yet installed) falls
// back to `npm install`, which brings the lock up to date.
function runInstall(env) {
  if (!existsSync(lock)) return npmRun(['install', '--no-audit', '--no-fund'], env);
  const ci = npmRun(['ci', '--no-audit', '--no-fund'], env);
  if (ci.ok || !/EUSAGE|in sync/.test(ci.output)) return ci;
  console.log('setup: package-lock.json is out of step with package.json; running npm install instead.');
  return npmRun(['install', '--no-audit', '--no-fund'], env);
}

function installPackages() {
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint()) return;
  console.log('setup: installing npm packages…');
  let result = runInstall(process.env);
  if (!result.ok && /electron/i.test(result.output)) {
    console.log('\nsetup: the Electron runtime could not be downloaded on this machine, so the desktop window is unavailable here.');
    console.log('setup: installing without it (ELECTRON_SKIP_BINARY_DOWNLOAD=1); `npm start` will serve the studio in a browser instead.\n');
    result = runInstall({ ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
  }
  if (!result.ok) {
    process.stderr.write(result.output.split('\n').slice(-40).join('\n'));
    console.error('\nsetup: npm install failed (see above).');
    process.exit(1);
  }
  writeFileSync(marker, fingerprint());
}

const chromiumCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

function installChromium() {
  if (process.env.ANCHOR_CHROMIUM || chromiumCandidates.some((p) => existsSync(p))) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform !== 'linux' || !isRoot || !existsSync('/usr/bin/apt-get')) {
    console.log('setup: no Chromium found for the browser tests; install Chromium or Chrome, or set ANCHOR_CHROMIUM to its path.');
    return;
  }
  console.log('setup: installing Chromium from Debian for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (r.status !== 0) console.log('setup: apt-get could not install chromium; browser tests will report it.');
}

installPackages();
if (process.argv.includes('--with-browser') || process.env.CI) installChromium();
