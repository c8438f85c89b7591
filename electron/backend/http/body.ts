import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors';

/** Per-route body limits: a login is a name and a password; API inputs are small JSON (imports send paths, not files). */
export const BODY_LIMITS = { login: 4 * 1024, api: 2 * 1024 * 1024 } as const;

const megabytes = (bytes: number) => (bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.round(bytes / 1024)} KB`);

export function tooLarge(limit: number, what = 'the request body'): AppError {
  return new AppError('too_large', `${what} is larger than ${megabytes(limit)}, the most this server accepts`);
}

/** Refuses at once a body whose declared length is over the limit, before a byte of it is read. */
export function checkDeclaredLength(req: IncomingMessage, limit: number, what?: string): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit, what);
}

/** Reads a JSON request body within `limit` bytes; an empty body is `undefined`. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  checkDeclaredLength(req, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('invalid_input', 'the request body is not valid JSON');
  }
}
