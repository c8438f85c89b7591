import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The package root, found by walking up: the same code runs from sources (tests) and from the `dist/` bundle. */
export function packageRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'anchor-studio') return dir;
    dir = dirname(dir);
  }
  throw new Error(`cannot find the anchor-studio package above ${__dirname}`);
}

export function resourcesDir(): string {
  return join(packageRoot(), 'resources');
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Per-user data: `$ANCHOR_DATA_DIR`, else the platform's usual place. */
export function defaultDataDir(): string {
  if (process.env.ANCHOR_DATA_DIR) return process.env.ANCHOR_DATA_DIR;
  if (process.platform === 'win32') return join(process.env.APPDATA ?? homedir(), 'Anchor Studio');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Anchor Studio');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'anchor-studio');
}
