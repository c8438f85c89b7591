import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Backend } from '..';
import type { CallContext } from '../dispatch';
import { AppError } from '../errors';
import { verifyOrDummy } from '../team/people/passwords';
import type { LoginThrottle } from './login-throttle';

export const COOKIE = 'anchor_session';
/** The owner's cookie on a team server: the secret of the sign-in link `anchor serve` printed. */
export const OWNER_COOKIE = 'anchor_owner';

/** A cookie that does not decode (`%ZZ`) is no session: the caller is not signed in (401), not a server fault (500). */
function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function cookieToken(req: IncomingMessage, cookieName = COOKIE): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName) return decoded(value.join('='));
  }
  return null;
}

/** Whether `given` is the owner's secret (compared in constant time, so it cannot be guessed byte by byte). */
function isOwnerToken(backend: Backend, given: string | null): boolean {
  const secret = backend.server.ownerToken();
  if (!secret || given === null || given.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}

const LOOPBACK_PEERS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `GET /auth/owner?token=…`, the link `anchor serve` prints: from this machine and with the secret, the person who
 * started the server is signed in as its owner (no password), then sent to the studio.
 */
export function ownerSignIn(backend: Backend, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (!LOOPBACK_PEERS.has(req.socket.remoteAddress ?? '')) throw new AppError('forbidden', 'the owner\'s link works only on the machine that runs the server');
  const token = url.searchParams.get('token');
  if (!isOwnerToken(backend, token)) throw new AppError('unauthorized', 'this owner link is not the one the running server printed; use the newest');
  res.setHeader('set-cookie', `${OWNER_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
  res.writeHead(303, { location: '/' });
  res.end();
}

/**
 * Who is calling over HTTP. On a team server: the user of the session cookie, and a call without one is refused.
 * The person who started it, signed in by the owner's link: the machine's owner, as on the desktop.
 * Otherwise (loopback, no logins): the chosen local profile, like the desktop.
 */
export function callerOf(backend: Backend, req: IncomingMessage): CallContext {
  if (backend.server.isTeam() && isOwnerToken(backend, cookieToken(req, OWNER_COOKIE))) return { userId: null };
  return backend.server.caller(cookieToken(req));
}

/** Media, events and uploads carry no method, so they are guarded here: any signed-in user. */
export function requireSignedIn(ctx: CallContext): void {
  if (ctx.requireUser && ctx.userId === null) throw new AppError('unauthorized', 'log in first');
}

/**
 * Routes that only a lead may use (uploads feed imports, downloads carry whole datasets). A caller without a user is
 * the machine's owner, as in `authorize`.
 */
export function requireLead(backend: Backend, ctx: CallContext, what: string): void {
  requireSignedIn(ctx);
  if (ctx.userId === null) return;
  if (!backend.server.isLead(ctx.userId)) throw new AppError('forbidden', `only a lead can ${what}`);
}

const loginSchema = z.object({ name: z.string().min(1).max(64), password: z.string().min(1).max(200) });

// HttpOnly: scripts never see the token. SameSite=Strict: no other site's page can send it. (TLS, and with it the
// Secure flag, belongs to the reverse proxy in front of a team server.)
const cookie = (value: string, maxAge: number) => `${COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}`;

const waitText = (until: Date, now: number) => `${Math.max(1, Math.ceil((until.getTime() - now) / 60_000))} minute(s)`;

/** Who is logging in, and from where: the throttle counts both. */
export interface LoginGate { throttle: LoginThrottle; address: string }

export async function login(backend: Backend, body: unknown, res: ServerResponse, gate: LoginGate): Promise<unknown> {
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) throw new AppError('invalid_input', 'send { name, password }');
  const door = backend.server;
  door.requireProject();
  const { name, password } = parsed.data;
  const { throttle, address } = gate;
  // A few checks at a time per address; a name's miss is counted before its hash is checked (login-throttle.ts).
  const done = await throttle.turn(address);
  let found: ReturnType<typeof door.passwordHashOf>;
  try {
    const attempt = throttle.attempt(name, address);
    if (attempt.blocked) {
      throw new AppError('rate_limited', `too many failed logins; try again in ${waitText(attempt.blocked.until, door.now().getTime())}`);
    }
    found = door.passwordHashOf(name);
    // The same work and the same message whether the name or the password is wrong, so names cannot be probed.
    const ok = await verifyOrDummy(password, found?.hash ?? null);
    if (!found || !ok) {
      door.recordSlowdowns([...attempt.starts, ...throttle.addressFailed(address)]);
      throw new AppError('unauthorized', 'wrong name or password');
    }
    throttle.succeeded(name, address);
  } finally {
    done();
  }
  const session = door.startSession(found!.user.id);
  res.setHeader('set-cookie', cookie(encodeURIComponent(session.token), Math.floor((session.expires.getTime() - Date.now()) / 1000)));
  return { user: found!.user };
}

export function logout(backend: Backend, req: IncomingMessage, res: ServerResponse): unknown {
  const token = cookieToken(req);
  if (token) backend.server.endSession(token);
  res.setHeader('set-cookie', [cookie('', 0), `${OWNER_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`]);
  return { loggedOut: true };
}
