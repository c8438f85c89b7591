import { createWriteStream, mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors';

/**
 * The browser cannot hand the backend a path, so the import dialog streams the file here first; the returned path
 * then goes to `imports.start` like any other. Each upload gets its own folder so names never collide.
 */
export async function receiveUpload(req: IncomingMessage, dataDir: string, name: string | null): Promise<string> {
  const safe = basename(name ?? '').replace(/[^\w.\- ]+/g, '_');
  if (!safe || safe.startsWith('.')) throw new AppError('invalid_input', 'the upload needs a file name (?name=…)');
  const dir = join(dataDir, 'uploads', randomUUID());
  mkdirSync(dir, { recursive: true });
  const path = join(dir, safe);
  await pipeline(req, createWriteStream(path));
  return path;
}
