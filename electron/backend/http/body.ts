import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors';

const MAX_JSON_BYTES = 16 * 1024 * 1024;

/** Reads a JSON request body with a size limit; an empty body is `undefined`. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BYTES) throw new AppError('invalid_input', `request body is larger than ${MAX_JSON_BYTES / 1048576} MB`);
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('invalid_input', 'the request body is not valid JSON');
  }
}
