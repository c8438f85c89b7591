import { execFileSync, spawn, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
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
  const spawnAnchor = (command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> => new Promise((resolve) => {
    const child = spawn(command, args, { env: env() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    /** The temporary folder, once the suite has started. */
    dir: () => state.dir,
    env,
    anchor(...args: string[]) {
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: env() });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    /** `command args` (a shell wrapping the CLI, say) with the suite's data folder, without blocking this process. */
    spawnAnchor,
    /** Like anchor(), without blocking this process — needed when this process also hosts the model server. */
    anchorAsync: (...args: string[]) => spawnAnchor(process.execPath, [bin, ...args]),
    /** Answers in the file now, read as another process would while the CLI writes. */
    storedPredictions(project: string): number {
      const db = new Database(project, { readonly: true });
      try {
        return db.prepare<[], number>('SELECT count(*) FROM predictions').pluck().get() ?? 0;
      } finally {
        db.close();
      }
    },
  };
}
