import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AppError } from './errors';
import type { CallContext } from './state';

/** Where `/api/upload` stores files (one folder per upload) under the machine's data folder. */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * A remote caller never names a path on the server: what it may read is what it uploaded. Symlinks are resolved
 * first, so a link inside the uploads folder cannot point out of it. The owner's paths pass unchanged.
 */
export function requireReadablePath(dataDir: string, ctx: CallContext, path: string): void {
  if (!ctx.remote) return;
  let allowed = false;
  try {
    allowed = inside(realpathSync(uploadsDir(dataDir)), realpathSync(resolve(path)));
  } catch {
    allowed = false;
  }
  // The same words whether the file exists or not, so a caller cannot probe the server's disk.
  if (!allowed) throw new AppError('forbidden', 'over the network, import only files uploaded to this server (the import dialog uploads them)');
}
