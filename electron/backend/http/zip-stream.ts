import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Already compressed formats are stored as they are; text is deflated. */
const STORED = /\.(png|jpe?g|gif|webp)$/i;

/**
 * Streams the files of a folder to the response as one zip archive, a file at a time, waiting for the socket to
 * drain between files so a large export never sits in memory whole.
 */
export async function streamZip(res: ServerResponse, dir: string, files = readdirSync(dir)): Promise<void> {
  let failed: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else {
      res.write(chunk);
      if (final) res.end();
    }
  });
  for (const name of files) {
    const entry = STORED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(readFileSync(join(dir, name)), true);
    if (failed) throw failed;
    if (res.writableNeedDrain) await once(res, 'drain');
  }
  zip.end();
}
