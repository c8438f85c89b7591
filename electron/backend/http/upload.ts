import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors';
import { uploadsDir } from '../uploads';
import { checkDeclaredLength, tooLarge } from './body';

/** Files the import dialogs take: datasets (TSV, JSON, JSONL, parquet) and model outputs (JSON, TSV, CSV). */
const UPLOAD_EXTENSIONS = ['.tsv', '.csv', '.json', '.jsonl', '.ndjson', '.parquet'];
export const DEFAULT_MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

/** Counts bytes as they stream and stops the upload the moment it passes the limit. */
function byteLimit(limit: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? tooLarge(limit, 'the upload') : null, chunk);
    },
  });
}

/**
 * The browser cannot hand the backend a path, so the import dialog streams the file here first; the returned path
 * then goes to `imports.start` like any other. Each upload gets its own folder so names never collide.
 * `application/octet-stream` is required: a cross-site page cannot send it without a preflight this server never grants.
 */
export async function receiveUpload(req: IncomingMessage, dataDir: string, name: string | null, limit: number): Promise<string> {
  if ((req.headers['content-type'] ?? '').split(';')[0]!.trim() !== 'application/octet-stream') {
    throw new AppError('invalid_input', 'upload files with content-type application/octet-stream');
  }
  checkDeclaredLength(req, limit, 'the upload');
  const safe = basename(name ?? '').replace(/[^\w.\- ]+/g, '_');
  if (!safe || safe.startsWith('.')) throw new AppError('invalid_input', 'the upload needs a file name (?name=…)');
  if (!UPLOAD_EXTENSIONS.includes(extname(safe).toLowerCase())) {
    throw new AppError('invalid_input', `only ${UPLOAD_EXTENSIONS.join(', ')} files can be uploaded for import`);
  }
  const dir = join(uploadsDir(dataDir), randomUUID());
  mkdirSync(dir, { recursive: true });
  const path = join(dir, safe);
  try {
    await pipeline(req, byteLimit(limit), createWriteStream(path));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error instanceof AppError ? error : new AppError('invalid_input', 'the upload was interrupted');
  }
  return path;
}
