// Where the browser tests' Chromium is, and whether this machine can install one: shared by set-up and the test
// runner so both tell a newcomer the same thing. Playwright's own browser download is never used.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const candidates = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'chromium-candidates.json'), 'utf8'));

export const installCommand = process.platform === 'linux'
  ? 'sudo apt-get install -y chromium (Debian; on Ubuntu: sudo apt-get install -y chromium-browser)'
  : 'install Google Chrome or Chromium';

function isDebianLike() {
  if (!existsSync('/etc/os-release')) return false;
  const release = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
}

/** `{ path }` when a browser is there; otherwise whether set-up may install one, and why not. */
export function browserState() {
  const chosen = process.env.ANCHOR_CHROMIUM;
  if (chosen) return existsSync(chosen) ? { path: chosen } : { path: null, installable: false, why: `ANCHOR_CHROMIUM names ${chosen}, which does not exist` };
  const found = candidates.find((p) => existsSync(p));
  if (found) return { path: found };
  if (process.platform !== 'linux' || !isDebianLike()) return { path: null, installable: false, why: 'not a Debian or Ubuntu system' };
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { path: null, installable: false, why: 'installing system packages needs root' };
  if (!existsSync('/usr/bin/apt-get')) return { path: null, installable: false, why: 'no apt-get' };
  return { path: null, installable: true };
}
