import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './fixtures';

export const root = join(__dirname, '..');
export const bin = join(root, 'bin', 'anchor.cjs');

/**
 * The CLI as users run it: the built bundle (built once for the calling file) in a child process, output piped, with
 * a temporary folder whose `data/` is the machine's data folder (endpoints, keys).
 */
export function withBuiltCli() {
  const state = { dir: '', cleanup: () => undefined as void };
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--node-only'], { cwd: root });
    const made = tempDir();
    state.dir = made.dir;
    state.cleanup = made.cleanup;
  });
  afterAll(() => state.cleanup());
  const env = () => ({ ...process.env, ANCHOR_DATA_DIR: join(state.dir, 'data') });
  return {
    /** The temporary folder, once the suite has started. */
    dir: () => state.dir,
    env,
    anchor(...args: string[]) {
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: env() });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    },
  };
}
