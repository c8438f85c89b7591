import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's minimum for scrypt (N = 2^17, r = 8, p = 1) costs ~128 MiB and ~0.3 s per hash; logins are rare and the
// server is small, so we take it. The parameters are stored with each hash so they can be raised later.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (e, key) => (e ? reject(e) : resolve(key))));
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const MIN_PASSWORD = 8;

// A hash of a random password with the same parameters: checking against it costs what a real check costs.
let dummy: Promise<string> | null = null;

/**
 * Checks a password against the user's hash, or against a dummy one when there is no such user (or no password), so
 * an unknown name takes as long to refuse as a wrong password and names cannot be told apart by timing.
 */
export async function verifyOrDummy(password: string, stored: string | null): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  dummy ??= hashPassword(randomBytes(18).toString('base64'));
  await verifyPassword(password, await dummy);
  return false;
}
