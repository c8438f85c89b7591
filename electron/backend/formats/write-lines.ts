import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';

/**
 * Writes an export through a temporary file and renames it into place at the end, so a failed or interrupted export
 * never leaves a half-written file under the name the user asked for.
 */
export async function writeAtomically(path: string, write: (put: (chunk: string) => Promise<void>) => Promise<void>): Promise<void> {
  const temp = `${path}.partial-${process.pid}`;
  const out = createWriteStream(temp, { encoding: 'utf8' });
  const put = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    await write(put);
    out.end();
    await once(out, 'finish');
    renameSync(temp, path);
  } catch (error) {
    out.destroy();
    rmSync(temp, { force: true });
    throw error;
  }
}
