import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AppError } from './errors';
import type { CallContext } from './dispatch';

/** Where `/api/upload` stores files (one folder per upload) under the machine's data folder. */
const UPLOADS = 'uploads';
export const uploadsDir = (dataDir: string) => join(dataDir, UPLOADS);

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
  let allowed: boolean;
  try {
    allowed = inside(realpathSync(uploadsDir(dataDir)), realpathSync(resolve(path)));
  } catch {
    allowed = false;
  }
  // The same words whether the file exists or not, so a caller cannot probe the server's disk.
  if (!allowed) throw new AppError('forbidden', 'over the network, import only files uploaded to this server (the import dialog uploads them)');
}

/**
 * A data file uploaded over the network may name image files only inside its own upload folder (which holds nothing
 * else): its image paths can never reach the server's disk. Files the owner imports from their own disk are not
 * confined.
 */
export function requireImageBesideUpload(dataFile: string, image: string): void {
  const folder = dirname(resolve(dataFile));
  if (basename(dirname(folder)) !== UPLOADS) return;
  if (!inside(folder, resolve(image))) throw new Error('an uploaded file cannot name image files on the server; embed its images (base64) instead');
}
